import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAddressQuery } from '../lib/use-address-query.ts';
import { useTabGuard } from '../lib/use-tab-guard.ts';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

type TabGuard<Tab extends string> = ReturnType<typeof useTabGuard<Tab>>;

/**
 * A profile's open tab kept in the address (`?tab=`, absent for the first), so a reload or a
 * shared link comes back to it, with the guard that asks before a switch drops unsaved edits.
 * The tab on screen opens in edit mode when `editingAtFirst(tab)` (a draft of its form waits).
 */
export function useAddressTab<Tab extends string>(
  tabs: readonly Tab[],
  editingAtFirst: (tab: Tab) => boolean = () => false,
): { tab: Tab; guard: TabGuard<Tab> } {
  const [params, changeQuery] = useAddressQuery();
  const requested = params.get('tab');
  const first = tabs[0]!;
  const tab = tabs.find((name) => name === requested) ?? first;
  const guard = useTabGuard(
    tab,
    (next) =>
      changeQuery(
        (updated) => {
          if (next === first) updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    editingAtFirst(tab),
  );
  return { tab, guard };
}

/**
 * A profile's tabs (spec §2): the list, named by `title`, then the panels given as children;
 * only the open tab is mounted, and switching asks first when its edits are unsaved.
 */
export function GuardedTabs<Tab extends string>({
  tabs,
  tab,
  guard,
  label,
  title,
  children,
}: {
  tabs: readonly Tab[];
  tab: Tab;
  guard: TabGuard<Tab>;
  /** The tab list's accessible name. */
  label: string;
  title: (tab: Tab) => string;
  children: ReactNode;
}) {
  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = tabs.find((name) => name === value);
          if (next) guard.requestTab(next);
        }}
        keepMounted={false}
      >
        <Tabs.List aria-label={label} mb="lg">
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {title(name)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {children}
      </Tabs>
      <DiscardChangesModal {...guard.discard} />
    </>
  );
}
