import type { Training } from '@cairn/shared/catalogue.schemas';
import type { Plan } from '@cairn/shared/plans.schemas';
import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../../../../lib/use-formats.ts';
import { DragColumns } from '../../../../components/drag-columns/drag-columns.tsx';
import type { ColumnEntry, ColumnItem } from '../../../../components/drag-columns/drag-columns-types.ts';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useTrainingCatalogue } from '../../../../lib/catalogue-queries.ts';
import { usePlanLinks, useSavePlanLinks } from '../../api/plan-link-queries.ts';
import { ListActions } from '../items/list-actions.tsx';
import {
  sortTrainings,
  trainingBody,
  trainingEntriesFrom,
  trainingEntryOf,
  type TrainingEntry,
} from '../../../../components/plan-items/plan-item-entries.ts';
import { useColumnLabels } from '../../../../components/plan-items/use-column-labels.ts';
import { TrainingDialog } from '../../../../components/training-dialog/training-dialog.tsx';

interface OfferedTraining extends ColumnItem {
  source: Training;
}

export interface TrainingsTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Trainings tab: the plan's trainings by date ('Other' last, spec §9) beside
 * the catalogue. Adding one asks for its date and NOC first (the training dialog); the list is
 * saved as a whole (PUT /plans/{id}/trainings).
 */
export function TrainingsTab({ plan, onDirtyChange }: TrainingsTabProps) {
  const { t } = useTranslation('plans');
  const fmt = useFormats();
  const labels = useColumnLabels('trainings');
  const links = usePlanLinks(plan.plan_id, 'trainings');
  const catalogue = useTrainingCatalogue();
  const save = useSavePlanLinks(plan.plan_id, plan.client_id, 'trainings');
  const saved = useMemo(
    () => (links.data ? sortTrainings(trainingEntriesFrom(links.data)) : null),
    [links.data],
  );
  const [draft, setDraft] = useState<TrainingEntry[] | null>(null);
  const [adding, setAdding] = useState<Training | null>(null);
  const entries = draft ?? saved ?? [];
  const dirty =
    draft !== null &&
    saved !== null &&
    JSON.stringify(trainingBody(draft)) !== JSON.stringify(trainingBody(saved));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  // The same training may be taken again on another date, so every training stays on offer.
  const offered = useMemo<OfferedTraining[]>(
    () =>
      (catalogue.data ?? []).map((training) => ({
        id: training.training_id,
        name: training.name,
        description: training.description,
        source: training,
      })),
    [catalogue.data],
  );

  if (!saved || !catalogue.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('profile.loading')} />
      </Center>
    );
  }

  const columnEntries: ColumnEntry[] = entries.map((entry) => ({
    key: entry.key,
    name: entry.other_name ?? entry.name,
    description: entry.description,
    detail: [
      fmt.longDate(entry.date),
      entry.noc ? t('plan-items:training.nocDetail', { noc: entry.noc }) : null,
    ]
      .filter(Boolean)
      .join(' · '),
    badges: [
      ...(entry.is_other ? [t('plan-items:badges.other')] : []),
      ...(entry.disabled ? [t('plan-items:badges.noLongerOffered')] : []),
    ],
  }));

  return (
    <Stack gap="lg">
      <DragColumns
        selected={columnEntries}
        available={offered}
        sortable={false}
        labels={labels}
        headingOrder={2}
        disabled={save.isPending}
        onAdd={(item) => setAdding(item.source)}
        onRemove={(index) => setDraft(entries.filter((_, i) => i !== index))}
      />
      <ListActions
        dirty={dirty}
        saving={save.isPending}
        onCancel={() => setDraft(null)}
        onSave={() => save.mutate(trainingBody(entries), { onSuccess: () => setDraft(null) })}
      />
      <TrainingDialog
        training={adding}
        onCancel={() => setAdding(null)}
        onAdd={(answers) => {
          if (adding) setDraft(sortTrainings([...entries, trainingEntryOf(adding, answers)]));
          setAdding(null);
        }}
      />
      <LeaveConfirm when={dirty && !save.isPending} />
    </Stack>
  );
}
