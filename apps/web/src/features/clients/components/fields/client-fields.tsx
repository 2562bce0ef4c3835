import { CLIENT_LIMITS } from '@cairn/shared/clients.schemas';
import { todayIso } from '@cairn/shared/dates';
import { GENDERS } from '@cairn/shared/enums';
import { PROVINCE_CODES } from '@cairn/shared/provinces';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form-select.tsx';
import type { ClientForm } from './field-props.ts';
import { useChoices } from './use-choices.ts';

const L = CLIENT_LIMITS;
/** Nine digits, with room for the spaces or dashes people type between the groups. */
const SIN_INPUT_MAX = 11;

export interface ClientFieldsProps {
  form: ClientForm;
  /** Shown in the empty SIN field, e.g. the masked SIN already on file. */
  sinPlaceholder?: string;
}

/** Intake step 1 and the profile's Client tab: names, birth date, contact details and SIN. */
export function ClientFields({ form, sinPlaceholder }: ClientFieldsProps) {
  const { t } = useTranslation('clients');
  const genders = useChoices('gender', GENDERS);
  const provinces = useChoices('province', PROVINCE_CODES);

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.first_name')}
          withAsterisk
          maxLength={L.nameMax}
          autoComplete="off"
          {...form.getInputProps('first_name')}
        />
        <TextInput
          label={t('fields.middle_name')}
          maxLength={L.nameMax}
          autoComplete="off"
          {...form.getInputProps('middle_name')}
        />
        <TextInput
          label={t('fields.last_name')}
          withAsterisk
          maxLength={L.nameMax}
          autoComplete="off"
          {...form.getInputProps('last_name')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.date_of_birth')}
          type="date"
          max={todayIso()}
          {...form.getInputProps('date_of_birth')}
        />
        <FormSelect
          label={t('fields.gender')}
          placeholder={t('fields.placeholders.choose')}
          options={genders}
          {...form.getInputProps('gender')}
        />
        <TextInput
          label={t('fields.sin')}
          description={t('fields.hints.sin')}
          placeholder={sinPlaceholder ?? t('fields.placeholders.sin')}
          inputMode="numeric"
          maxLength={SIN_INPUT_MAX}
          autoComplete="off"
          {...form.getInputProps('sin')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.email')}
          type="email"
          maxLength={L.emailMax}
          autoComplete="off"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          maxLength={L.phoneMax}
          autoComplete="off"
          {...form.getInputProps('phone')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.address')}
        maxLength={L.addressMax}
        autoComplete="off"
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.city')}
          maxLength={L.cityMax}
          autoComplete="off"
          {...form.getInputProps('city')}
        />
        <FormSelect
          label={t('fields.province')}
          placeholder={t('fields.placeholders.province')}
          options={provinces}
          searchable
          nothingFoundMessage={t('fields.nothingFound')}
          {...form.getInputProps('province')}
        />
        <TextInput
          label={t('fields.postal_code')}
          description={t('fields.hints.postal_code')}
          placeholder={t('fields.placeholders.postal_code')}
          autoComplete="off"
          {...form.getInputProps('postal_code')}
        />
      </SimpleGrid>
    </Stack>
  );
}
