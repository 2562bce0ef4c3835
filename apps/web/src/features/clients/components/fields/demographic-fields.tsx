import { CLIENT_LIMITS } from '@cairn/shared/clients.schemas';
import { CITIZENSHIPS, EDUCATION_LEVELS, MARITAL_STATUSES, YES_NO } from '@cairn/shared/enums';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form-select.tsx';
import type { ClientForm } from './field-props.ts';
import { useChoices } from './use-choices.ts';
import { YesNoField } from './yes-no-field.tsx';

const L = CLIENT_LIMITS;

export interface DemographicFieldsProps {
  form: ClientForm;
}

/** Intake step 2 and the profile's Demographic tab; disability and citizenship are required. */
export function DemographicFields({ form }: DemographicFieldsProps) {
  const { t } = useTranslation('clients');
  const maritalStatuses = useChoices('marital_status', MARITAL_STATUSES);
  const citizenships = useChoices('citizenship', CITIZENSHIPS);
  const educationLevels = useChoices('highest_education', EDUCATION_LEVELS);
  const yesNo = useChoices('yes_no', YES_NO);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.language_spoken')}
          maxLength={L.languageMax}
          autoComplete="off"
          {...form.getInputProps('language_spoken')}
        />
        <FormSelect
          label={t('fields.marital_status')}
          placeholder={t('fields.placeholders.choose')}
          options={maritalStatuses}
          {...form.getInputProps('marital_status')}
        />
        <TextInput
          label={t('fields.number_dependents')}
          inputMode="numeric"
          maxLength={String(L.dependentsMax).length}
          autoComplete="off"
          {...form.getInputProps('number_dependents')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <FormSelect
          label={t('fields.youth_in_care')}
          placeholder={t('fields.placeholders.choose')}
          options={yesNo}
          {...form.getInputProps('youth_in_care')}
        />
        <FormSelect
          label={t('fields.citizenship')}
          placeholder={t('fields.placeholders.choose')}
          withAsterisk
          options={citizenships}
          {...form.getInputProps('citizenship')}
        />
        <FormSelect
          label={t('fields.highest_education')}
          placeholder={t('fields.placeholders.choose')}
          options={educationLevels}
          {...form.getInputProps('highest_education')}
        />
      </SimpleGrid>
      <YesNoField form={form} field="disability" label={t('fields.disability')} withAsterisk />
    </Stack>
  );
}
