import type { Plan } from '@cairn/shared/plans.schemas';
import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useTrainingCatalogue } from '../../../../lib/catalogue-queries.ts';
import { usePlanLinks, useSavePlanLinks } from '../../api/plan-link-queries.ts';
import { ListActions } from '../items/list-actions.tsx';
import {
  sortTrainings,
  trainingBody,
  trainingEntriesFrom,
  type TrainingEntry,
} from '../../../../components/plan-items/plan-item-entries.ts';
import { TrainingsEditor } from '../../../../components/plan-items/trainings-editor.tsx';

export interface TrainingsTabProps {
  plan: Plan;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Trainings tab: the plan's trainings by date ('Other' last, spec §9) beside
 * the catalogue, in the trainings editor; the list is saved as a whole (PUT /plans/{id}/trainings).
 */
export function TrainingsTab({ plan, onDirtyChange }: TrainingsTabProps) {
  const { t } = useTranslation('plans');
  const links = usePlanLinks(plan.plan_id, 'trainings');
  const catalogue = useTrainingCatalogue();
  const save = useSavePlanLinks(plan.plan_id, plan.client_id, 'trainings');
  const saved = useMemo(
    () => (links.data ? sortTrainings(trainingEntriesFrom(links.data)) : null),
    [links.data],
  );
  const [draft, setDraft] = useState<TrainingEntry[] | null>(null);
  const entries = draft ?? saved ?? [];
  const dirty =
    draft !== null &&
    saved !== null &&
    JSON.stringify(trainingBody(draft)) !== JSON.stringify(trainingBody(saved));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  if (!saved || !catalogue.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('profile.loading')} />
      </Center>
    );
  }

  return (
    <Stack gap="lg">
      <TrainingsEditor
        entries={entries}
        onChange={setDraft}
        catalogue={catalogue.data}
        headingOrder={2}
        disabled={save.isPending}
      />
      <ListActions
        dirty={dirty}
        saving={save.isPending}
        onCancel={() => setDraft(null)}
        onSave={() => save.mutate(trainingBody(entries), { onSuccess: () => setDraft(null) })}
      />
      <LeaveConfirm when={dirty && !save.isPending} />
    </Stack>
  );
}
