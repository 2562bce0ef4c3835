import type { Client } from '@cairn/shared/clients.schemas';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GuardedTabs, useAddressTab } from '../../../../components/guarded-tabs.tsx';
import { useDraftedRecord } from '../../../../lib/use-form-draft.ts';
import { ClientAttachmentsTab } from '../attachments/client-attachments-tab.tsx';
import { ClientInteractionsTab } from './client-interactions-tab.tsx';
import { ClientSectionPanel } from './client-section-panel.tsx';
import { CLIENT_SECTIONS, type ClientSection } from './client-sections.ts';

type ProfileTab = ClientSection | 'interactions' | 'attachments';
const PROFILE_TABS: readonly ProfileTab[] = [...CLIENT_SECTIONS, 'interactions', 'attachments'];

/**
 * Spec §2 Client profile tabs. The open tab is kept in the address (?tab=), so signing in again
 * after the session ended comes back to it. Only one tab is ever in edit mode; switching tabs
 * drops the edits, after asking when there are unsaved changes.
 */
export function ClientProfileTabs({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  // A tab's answers typed before the session ended open it again in edit mode, with its draft.
  const drafted: Record<ClientSection, boolean> = {
    client: useDraftedRecord('client-client') !== null,
    demographic: useDraftedRecord('client-demographic') !== null,
    ancestry: useDraftedRecord('client-ancestry') !== null,
  };
  const { tab, guard } = useAddressTab<ProfileTab>(
    PROFILE_TABS,
    (open) => open !== 'interactions' && open !== 'attachments' && drafted[open],
  );

  return (
    <GuardedTabs
      tabs={PROFILE_TABS}
      tab={tab}
      guard={guard}
      label={t('profile.tabsLabel')}
      title={(name) => t(`profile.tabs.${name}`)}
    >
      {CLIENT_SECTIONS.map((section) => (
        <Tabs.Panel key={section} value={section}>
          <ClientSectionPanel
            client={client}
            section={section}
            editing={guard.editing}
            onEditingChange={guard.onEditingChange}
            onDirtyChange={guard.onDirtyChange}
          />
        </Tabs.Panel>
      ))}
      <Tabs.Panel value="interactions">
        <ClientInteractionsTab clientId={client.client_id} clientName={client.full_name} />
      </Tabs.Panel>
      <Tabs.Panel value="attachments">
        <ClientAttachmentsTab clientId={client.client_id} />
      </Tabs.Panel>
    </GuardedTabs>
  );
}
