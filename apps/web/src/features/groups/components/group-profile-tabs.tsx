import type { Group } from '@cairn/shared/groups.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GuardedTabs, useAddressTab } from '../../../components/guarded-tabs.tsx';
import { useDraftedRecord } from '../../../lib/use-form-draft.ts';
import { GroupDetailsTab } from './group-details-tab.tsx';
import { MembersTab } from './members-tab.tsx';

/** Spec §2 group profile tabs, in order. */
const GROUP_TABS = ['members', 'details'] as const;

/**
 * The group profile's tabs, Members and Group Details. The open tab is kept in the address
 * (?tab=details); switching tabs drops unsaved edits, after asking.
 */
export function GroupProfileTabs({ group }: { group: Group }) {
  const { t } = useTranslation('groups');
  // Details typed before the session ended open again with their draft.
  const detailsDrafted = useDraftedRecord('group-details') !== null;
  const { tab, guard } = useAddressTab(GROUP_TABS, (open) => detailsDrafted && open === 'details');

  return (
    <GuardedTabs
      tabs={GROUP_TABS}
      tab={tab}
      guard={guard}
      label={t('profile.tabsLabel')}
      title={(name) => t(`profile.tabs.${name}`)}
    >
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
    </GuardedTabs>
  );
}
