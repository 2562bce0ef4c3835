import { Select } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkers } from '../../../../lib/caseload-queries.ts';
import type { ClientForm } from '../fields/field-props.ts';

/**
 * The new client's worker, chosen by an Admin among the chosen centre's Coordinators (issue 32);
 * left empty, the client has none. Choosing another centre empties it.
 */
export function IntakeWorkerField({ form }: { form: ClientForm }) {
  const { t } = useTranslation('caseloads');
  const centre = form.values.centre_id;
  const workers = useWorkers(centre === '' ? null : Number(centre));
  const shownFor = useRef(centre);
  useEffect(() => {
    if (shownFor.current !== centre) form.setFieldValue('worker_id', '');
    shownFor.current = centre;
  }, [centre, form]);
  return (
    <Select
      label={t('worker')}
      placeholder={t('unassigned')}
      data={(workers.data ?? []).map((w) => ({ value: String(w.user_id), label: w.full_name }))}
      value={form.values.worker_id === '' ? null : form.values.worker_id}
      onChange={(value) => form.setFieldValue('worker_id', value ?? '')}
      error={form.errors.worker_id}
      disabled={centre === ''}
      clearable
      maw={420}
    />
  );
}
