import type { Group } from '@cairn/shared/groups.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DiscardChangesModal } from '../../../components/discard-changes-modal.tsx';
import { useDraftedRecord } from '../../../lib/use-form-draft.ts';
import { useTabGuard } from '../../../lib/use-tab-guard.ts';
import { GroupDetailsTab } from './group-details-tab.tsx';
import { MembersTab } from './members-tab.tsx';

/** Spec §2 group profile tabs, in order. */
const GROUP_TABS = ['members', 'details'] as const;
type GroupTab = (typeof GROUP_TABS)[number];
const isGroupTab = (value: string | null): value is GroupTab => GROUP_TABS.includes(value as GroupTab);

/**
 * The group profile's tabs, Members and Group Details. The open tab is kept in the address
 * (?tab=details); switching tabs drops unsaved edits, after asking.
 */
export function GroupProfileTabs({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: GroupTab = isGroupTab(requested) ? requested : 'members';
  // Details typed before the session ended open again with their draft.
  const detailsDrafted = useDraftedRecord('group-details') !== null;
  const guard = useTabGuard(
    tab,
    (next) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'members') updated.delete('tab');
          else updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    detailsDrafted && tab === 'details',
  );

  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => isGroupTab(value) && guard.requestTab(value)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('profile.tabsLabel')} mb="lg">
          {GROUP_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`profile.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="members">
          <MembersTab
            group={group}
            editing={guard.editing}
            onEditingChange={guard.onEditingChange}
            onDirtyChange={guard.onDirtyChange}
          />
        </Tabs.Panel>
        <Tabs.Panel value="details">
          <GroupDetailsTab
            group={group}
            editing={guard.editing}
            onEditingChange={guard.onEditingChange}
            onDirtyChange={guard.onDirtyChange}
          />
        </Tabs.Panel>
      </Tabs>
      <DiscardChangesModal {...guard.discard} />
    </>
  );
}
