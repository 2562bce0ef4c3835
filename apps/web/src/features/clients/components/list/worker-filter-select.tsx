import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWorkers } from '../../../../lib/caseload-queries.ts';
import type { WorkerChoice } from './worker-filter.ts';

export interface WorkerFilterSelectProps {
  value: WorkerChoice;
  onChange: (choice: WorkerChoice) => void;
  /** "My clients" is offered to those who can have clients (Coordinators). */
  offerMine: boolean;
  /** The centre whose workers are offered by name (the caller's own), or none. */
  centreId: number | null;
  /** The name of the worker the address names, when the list knows it. */
  chosenName?: string | null | undefined;
}

/** Issue 32: whose clients the list shows: mine, every client, the unassigned, or one worker's. */
export function WorkerFilterSelect({
  value,
  onChange,
  offerMine,
  centreId,
  chosenName,
}: WorkerFilterSelectProps) {
  const { t } = useTranslation('caseloads');
  const workers = useWorkers(centreId);
  const options: Array<{ value: string; label: string }> = [
    ...(offerMine ? [{ value: 'me', label: t('filter.me') }] : []),
    { value: 'all', label: t('filter.all') },
    { value: 'none', label: t('filter.none') },
    ...(workers.data ?? []).map((w) => ({
      value: String(w.user_id),
      label: t('filter.one', { name: w.full_name }),
    })),
  ];
  if (!options.some((o) => o.value === value)) {
    options.push({
      value,
      label: chosenName ? t('filter.one', { name: chosenName }) : t('filter.oneUnnamed'),
    });
  }
  return (
    <Select
      label={t('filter.label')}
      data={options}
      value={value}
      onChange={(next) => next && onChange(next as WorkerChoice)}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
