import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form-select.tsx';
import { useCentres } from '../../../../lib/centre-queries.ts';
import type { ClientForm } from '../fields/field-props.ts';

/** The centre a new client belongs to, chosen by an Admin (who has no centre of their own). */
export function IntakeCentreField({ form }: { form: ClientForm }) {
  const { t } = useTranslation('clients');
  const centres = useCentres();
  const data = useMemo(
    () => (centres.data ?? []).map((c) => ({ value: String(c.centre_id), label: c.name })),
    [centres.data],
  );
  return (
    <FormSelect
      label={t('fields.centre_id')}
      placeholder={t('fields.placeholders.centre')}
      withAsterisk
      searchable
      nothingFoundMessage={t('fields.nothingFound')}
      options={data}
      maw={420}
      {...form.getInputProps('centre_id')}
    />
  );
}
