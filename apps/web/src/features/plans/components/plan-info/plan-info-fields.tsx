import { todayIso } from '@cairn/shared/dates';
import { CURRENT_EMPLOYMENT, PLAN_EMPLOYMENT_TYPES, TRANSPORTATION_MODES, YES_NO } from '@cairn/shared/enums';
import { Group, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form-select.tsx';
import { useChoiceOptions } from '../../../../lib/choice-options.ts';
import type { PlanInfoFormValues } from './plan-info-form-values.ts';

export type PlanInfoForm = UseFormReturnType<PlanInfoFormValues>;
type Field = keyof PlanInfoFormValues;

/**
 * Step 1 of the new plan wizard and the Plan Info tab in edit mode (spec §2, §5): the start date
 * (not in the future) and current employment are required; the employment type is asked only
 * of someone Employed (spec §4).
 */
export function PlanInfoFields({ form }: { form: PlanInfoForm }) {
  const { t } = useTranslation('plans');
  const employments = useChoiceOptions('plans', 'options', CURRENT_EMPLOYMENT);
  const employmentTypes = useChoiceOptions('plans', 'options', PLAN_EMPLOYMENT_TYPES);
  const transportation = useChoiceOptions('plans', 'options', TRANSPORTATION_MODES);
  const yesNoChoices = useChoiceOptions('plans', 'options', YES_NO);
  const yesNo = (field: Field) => (
    <Radio.Group label={t(`fields.${field}`)} {...form.getInputProps(field)}>
      <Group gap="lg" mt={6}>
        {yesNoChoices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} />
        ))}
      </Group>
    </Radio.Group>
  );

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.date')}
          type="date"
          withAsterisk
          max={todayIso()}
          {...form.getInputProps('date')}
        />
        <FormSelect
          label={t('fields.current_employment')}
          placeholder={t('placeholders.choose')}
          withAsterisk
          options={employments}
          {...form.getInputProps('current_employment')}
        />
        {form.values.current_employment === 'Employed' && (
          <FormSelect
            label={t('fields.employment_type')}
            placeholder={t('placeholders.choose')}
            options={employmentTypes}
            {...form.getInputProps('employment_type')}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {yesNo('apprentice')}
        {yesNo('accessing_supports')}
        {yesNo('relocate')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormSelect
          label={t('fields.transportation')}
          placeholder={t('placeholders.choose')}
          options={transportation}
          {...form.getInputProps('transportation')}
        />
      </SimpleGrid>
    </Stack>
  );
}
