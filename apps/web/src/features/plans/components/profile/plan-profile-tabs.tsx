import type { Plan } from '@cairn/shared/plans.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GuardedTabs, useAddressTab } from '../../../../components/guarded-tabs.tsx';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { PlanItemsTab } from '../items/plan-items-tab.tsx';
import { FollowUpsTab } from '../follow-ups/follow-ups-tab.tsx';
import { NotesTab } from '../notes/notes-tab.tsx';
import { OutcomeTab } from '../outcome/outcome-tab.tsx';
import { PlanInfoTab } from '../plan-info/plan-info-tab.tsx';
import { SpendingsTab } from '../spendings/spendings-tab.tsx';
import { TrainingsTab } from '../trainings/trainings-tab.tsx';

/** Spec §2 Plan profile tabs, in order, and the follow-ups after the outcome. */
const PLAN_TABS = [
  'info',
  'barriers',
  'supports',
  'trainings',
  'spendings',
  'notes',
  'outcome',
  'follow-ups',
] as const;

/**
 * The plan profile's tabs. The open tab is kept in the address (?tab=), so a reload or a shared
 * link comes back to it. Switching tabs drops unsaved edits, after asking.
 */
export function PlanProfileTabs({ plan }: { plan: Plan }) {
  const { t } = useTranslation('plans');
  // Plan info typed before the session ended opens again with its draft.
  const infoDrafted = useDraftedRecord('plan-info') !== null;
  const { tab, guard } = useAddressTab(PLAN_TABS, () => infoDrafted);

  return (
    <GuardedTabs
      tabs={PLAN_TABS}
      tab={tab}
      guard={guard}
      label={t('profile.tabsLabel')}
      title={(name) => t(`profile.tabs.${name}`)}
    >
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
      <Tabs.Panel value="follow-ups">
        <FollowUpsTab plan={plan} onDirtyChange={guard.onDirtyChange} />
      </Tabs.Panel>
    </GuardedTabs>
  );
}
