import type { Plan } from '@cairn/shared/plans.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { useTabGuard } from '../../../../lib/use-tab-guard.ts';
import { PlanItemsTab } from '../items/plan-items-tab.tsx';
import { NotesTab } from '../notes/notes-tab.tsx';
import { OutcomeTab } from '../outcome/outcome-tab.tsx';
import { PlanInfoTab } from '../plan-info/plan-info-tab.tsx';
import { SpendingsTab } from '../spendings/spendings-tab.tsx';
import { TrainingsTab } from '../trainings/trainings-tab.tsx';

/** Spec §2 Plan profile tabs, in order. */
const PLAN_TABS = ['info', 'barriers', 'supports', 'trainings', 'spendings', 'notes', 'outcome'] as const;
type PlanTab = (typeof PLAN_TABS)[number];
const isPlanTab = (value: string | null): value is PlanTab => PLAN_TABS.includes(value as PlanTab);

/**
 * The plan profile's tabs. The open tab is kept in the address (?tab=), so a reload or a shared
 * link comes back to it. Switching tabs drops unsaved edits, after asking.
 */
export function PlanProfileTabs({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: PlanTab = isPlanTab(requested) ? requested : 'info';
  // Plan info typed before the session ended opens again with its draft.
  const infoDrafted = useDraftedRecord('plan-info') !== null;
  const guard = useTabGuard(
    tab,
    (next) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'info') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    infoDrafted,
  );

  return (
    <>
      <Tabs value={tab} onChange={(value) => isPlanTab(value) && guard.requestTab(value)} keepMounted={false}>
        <Tabs.List aria-label={t('profile.tabsLabel')} mb="lg">
          {PLAN_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`profile.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="info">
          <PlanInfoTab
            plan={plan}
            editing={guard.editing}
            onEditingChange={guard.onEditingChange}
            onDirtyChange={guard.onDirtyChange}
          />
        </Tabs.Panel>
        <Tabs.Panel value="barriers">
          <PlanItemsTab plan={plan} kind="barriers" onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="supports">
          <PlanItemsTab plan={plan} kind="supports" onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="trainings">
          <TrainingsTab plan={plan} onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="spendings">
          <SpendingsTab plan={plan} onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="notes">
          <NotesTab plan={plan} onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="outcome">
          <OutcomeTab plan={plan} onDirtyChange={guard.onDirtyChange} />
        </Tabs.Panel>
      </Tabs>
      <DiscardChangesModal {...guard.discard} />
    </>
  );
}
