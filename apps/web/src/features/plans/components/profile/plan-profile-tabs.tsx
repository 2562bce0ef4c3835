import type { Plan } from '@cairn/shared/plans.schemas';
import { Tabs } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlanItemsTab } from '../items/plan-items-tab.tsx';
import { NotesTab } from '../notes/notes-tab.tsx';
import { OutcomeTab } from '../outcome/outcome-tab.tsx';
import { PlanInfoTab } from '../plan-info/plan-info-tab.tsx';
import { SpendingsTab } from '../spendings/spendings-tab.tsx';
import { TrainingsTab } from '../trainings/trainings-tab.tsx';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

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
  const [editing, setEditing] = useState(false);
  const [pendingTab, setPendingTab] = useState<PlanTab | null>(null);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const switchTo = (next: PlanTab) => {
    setPendingTab(null);
    setEditing(false);
    dirty.current = false;
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'info') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  };

  const requestTab = (value: string | null) => {
    if (!isPlanTab(value) || value === tab) return;
    if (dirty.current) setPendingTab(value);
    else switchTo(value);
  };

  return (
    <>
      <Tabs value={tab} onChange={requestTab} keepMounted={false}>
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
            editing={editing}
            onEditingChange={(next) => {
              setEditing(next);
              if (!next) dirty.current = false;
            }}
            onDirtyChange={onDirtyChange}
          />
        </Tabs.Panel>
        <Tabs.Panel value="barriers">
          <PlanItemsTab plan={plan} kind="barriers" onDirtyChange={onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="supports">
          <PlanItemsTab plan={plan} kind="supports" onDirtyChange={onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="trainings">
          <TrainingsTab plan={plan} onDirtyChange={onDirtyChange} />
        </Tabs.Panel>
        <Tabs.Panel value="spendings">
          <SpendingsTab plan={plan} />
        </Tabs.Panel>
        <Tabs.Panel value="notes">
          <NotesTab plan={plan} />
        </Tabs.Panel>
        <Tabs.Panel value="outcome">
          <OutcomeTab plan={plan} />
        </Tabs.Panel>
      </Tabs>
      <DiscardChangesModal
        opened={pendingTab !== null}
        onStay={() => setPendingTab(null)}
        onDiscard={() => pendingTab && switchTo(pendingTab)}
      />
    </>
  );
}
