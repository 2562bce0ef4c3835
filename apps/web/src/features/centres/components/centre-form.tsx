import { centreBodySchema, type CentreBody } from '@cairn/shared/centres.schemas';
import { LIMITS } from '@cairn/shared/limits';
import { PROVINCE_CODES } from '@cairn/shared/provinces';
import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormActions } from '../../../components/form-actions.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LeaveConfirm } from '../../../components/leave-confirm.tsx';
import { useChoiceOptions } from '../../../lib/choice-options.ts';
import { schemaValidator } from '../../../lib/schema-validator.ts';
import { useSaveForm } from '../../../lib/use-save-form.ts';
import { centreBodyOf, type CentreFormValues } from './centre-form-model.ts';

const C = LIMITS.centre;
const validate = schemaValidator(centreBodySchema);

export interface CentreFormProps {
  initialValues: CentreFormValues;
  /** The centre's current logo, kept as it is (no upload control, spec §2). */
  logo?: string | null;
  /** Sends the body; a rejection puts the server's field messages on the form. */
  onSubmit: (body: CentreBody) => Promise<unknown>;
  /** Called once the save succeeded and the form is no longer dirty. */
  onSaved: () => void;
  onCancel: () => void;
}

/** The New Centre and Edit form (spec §2 Centres, §5 Centre). */
export function CentreForm({ initialValues, logo = null, onSubmit, onSaved, onCancel }: CentreFormProps) {
  const { t } = useTranslation('centres');
  const { form, submit } = useSaveForm<CentreFormValues>({
    initialValues,
    draft: { form: 'centre' },
    validate,
    save: (values) => onSubmit(centreBodyOf(values, logo)),
    onSaved: () => onSaved(),
  });
  const provinces = useChoiceOptions('centres', 'provinces', PROVINCE_CODES);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.name')}
          withAsterisk
          maxLength={C.nameMax}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('fields.address')}
          maxLength={C.addressMax}
          autoComplete="street-address"
          {...form.getInputProps('address')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.city')}
            maxLength={C.cityMax}
            autoComplete="address-level2"
            {...form.getInputProps('city')}
          />
          <FormSelect
            label={t('fields.province')}
            placeholder={t('form.chooseProvince')}
            options={provinces}
            searchable
            nothingFoundMessage={t('form.nothingFound')}
            {...form.getInputProps('province')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.postalCode')}
            placeholder={t('form.postalCodePlaceholder')}
            autoComplete="postal-code"
            {...form.getInputProps('postal_code')}
          />
          <TextInput
            label={t('fields.phone')}
            type="tel"
            withAsterisk
            maxLength={C.phoneMax}
            autoComplete="tel"
            {...form.getInputProps('phone')}
          />
        </SimpleGrid>
        <FormActions submitting={form.submitting} onCancel={onCancel} />
      </Stack>
      <LeaveConfirm when={form.isDirty()} />
    </form>
  );
}
