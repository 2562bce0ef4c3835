import type { Plan } from '@cairn/shared/plans.schemas';
import { Center, Loader, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LeaveConfirm } from '../../../../components/leave-confirm.tsx';
import { useItemCatalogue } from '../../../../lib/catalogue-queries.ts';
import { usePlanLinks, useSavePlanLinks } from '../../api/plan-link-queries.ts';
import { ListActions } from './list-actions.tsx';
import {
  barrierBody,
  entriesFrom,
  supportBody,
  type ItemKind,
  type PlanItemEntry,
} from '../../../../components/plan-items/plan-item-entries.ts';
import { PlanItemsEditor } from '../../../../components/plan-items/plan-items-editor.tsx';

export interface PlanItemsTabProps {
  plan: Plan;
  kind: ItemKind;
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * Spec §2 Plan profile, Barriers and Supports tabs: the plan's list in the drag columns, changed
 * freely, then saved as a whole (PUT /plans/{id}/barriers|supports) or dropped with Cancel.
 */
export function PlanItemsTab({ plan, kind, onDirtyChange }: PlanItemsTabProps) {
  const { t } = useTranslation('plans');
  const links = usePlanLinks(plan.plan_id, kind);
  const catalogue = useItemCatalogue(kind);
  const save = useSavePlanLinks(plan.plan_id, plan.client_id, kind);
  const saved = useMemo(() => (links.data ? entriesFrom(links.data) : null), [links.data]);
  const [draft, setDraft] = useState<PlanItemEntry[] | null>(null);
  const entries = draft ?? saved ?? [];
  const bodyOf = kind === 'barriers' ? barrierBody : supportBody;
  const dirty =
    draft !== null && saved !== null && JSON.stringify(bodyOf(draft)) !== JSON.stringify(bodyOf(saved));
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
      <PlanItemsEditor
        kind={kind}
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
        onSave={() => save.mutate(bodyOf(entries), { onSuccess: () => setDraft(null) })}
      />
      <LeaveConfirm when={dirty && !save.isPending} />
    </Stack>
  );
}
