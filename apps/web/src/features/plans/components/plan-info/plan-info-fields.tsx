import { todayIso } from '@cairn/shared/dates';
import { CURRENT_EMPLOYMENT, PLAN_EMPLOYMENT_TYPES, TRANSPORTATION_MODES, YES_NO } from '@cairn/shared/enums';
import { Group, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { PlanInfoFormValues } from './plan-info-form-values.ts';

export type PlanInfoForm = UseFormReturnType<PlanInfoFormValues>;
type Field = keyof PlanInfoFormValues;

/** A Select's props for a text field: a cleared Select reports null, kept as '' (not answered). */
function selectProps(form: PlanInfoForm, field: Field) {
  const props = form.getInputProps(field);
  return {
    ...props,
    value: (props.value as string) || null,
    onChange: (value: string | null) => form.setFieldValue(field, value ?? ''),
  };
}

/**
 * Step 1 of the new plan wizard and the Plan Info tab in edit mode (spec §2, §5): the start date
 * (not in the future) and current employment are required; the employment type is asked only
 * of someone Employed (spec §4).
 */
export function PlanInfoFields({ form }: { form: PlanInfoForm }) {
  const { t } = useTranslation('plans');
  const choices = (values: readonly string[]) =>
    values.map((value) => ({ value, label: t(`options.${value}`, { defaultValue: value }) }));
  const yesNo = (field: Field) => (
    <Radio.Group label={t(`fields.${field}`)} {...form.getInputProps(field)}>
      <Group gap="lg" mt={6}>
        {YES_NO.map((value) => (
          <Radio key={value} value={value} label={t(`options.${value}`, { defaultValue: value })} />
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
        <Select
          label={t('fields.current_employment')}
          placeholder={t('placeholders.choose')}
          withAsterisk
          data={choices(CURRENT_EMPLOYMENT)}
          {...selectProps(form, 'current_employment')}
        />
        {form.values.current_employment === 'Employed' && (
          <Select
            label={t('fields.employment_type')}
            placeholder={t('placeholders.choose')}
            data={choices(PLAN_EMPLOYMENT_TYPES)}
            clearable
            {...selectProps(form, 'employment_type')}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {yesNo('apprentice')}
        {yesNo('accessing_supports')}
        {yesNo('relocate')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('fields.transportation')}
          placeholder={t('placeholders.choose')}
          data={choices(TRANSPORTATION_MODES)}
          clearable
          {...selectProps(form, 'transportation')}
        />
      </SimpleGrid>
    </Stack>
  );
}
