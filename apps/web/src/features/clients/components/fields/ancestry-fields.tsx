import { CLIENT_LIMITS } from '@cairn/shared/clients.schemas';
import { RESERVES, STATUS_TYPES } from '@cairn/shared/enums';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form-select.tsx';
import type { ClientForm } from './field-props.ts';
import { useChoices } from './use-choices.ts';
import { YesNoField } from './yes-no-field.tsx';

const L = CLIENT_LIMITS;

export interface AncestryFieldsProps {
  form: ClientForm;
}

/**
 * Intake step 3 and the profile's Ancestry tab (spec §4): answering Yes to Indigenous shows the
 * ancestry, nation, reserve, status number and language questions; the language itself only
 * when the client speaks one. Hidden answers are cleared on save.
 */
export function AncestryFields({ form }: AncestryFieldsProps) {
  const { t } = useTranslation('clients');
  const statusTypes = useChoices('status_type', STATUS_TYPES);
  const reserves = useChoices('reserve', RESERVES);
  const indigenous = form.useWatchValue('indigenous');
  const speaks = form.useWatchValue('speaks_indigenous_language');

  return (
    <Stack gap="md">
      <YesNoField form={form} field="indigenous" label={t('fields.indigenous')} withAsterisk />
      {indigenous === 'Yes' && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormSelect
              label={t('fields.status_type')}
              placeholder={t('fields.placeholders.choose')}
              options={statusTypes}
              {...form.getInputProps('status_type')}
            />
            <TextInput
              label={t('fields.nation')}
              maxLength={L.nationMax}
              autoComplete="off"
              {...form.getInputProps('nation')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <FormSelect
              label={t('fields.reserve')}
              placeholder={t('fields.placeholders.choose')}
              options={reserves}
              {...form.getInputProps('reserve')}
            />
            <TextInput
              label={t('fields.status_number')}
              maxLength={L.statusNumberMax}
              autoComplete="off"
              {...form.getInputProps('status_number')}
            />
          </SimpleGrid>
          <YesNoField
            form={form}
            field="speaks_indigenous_language"
            label={t('fields.speaks_indigenous_language')}
          />
          {speaks === 'Yes' && (
            <TextInput
              label={t('fields.indigenous_language')}
              maxLength={L.languageMax}
              autoComplete="off"
              {...form.getInputProps('indigenous_language')}
            />
          )}
        </>
      )}
    </Stack>
  );
}
