import type { Client } from '@cairn/shared/clients.schemas';
import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DiscardChangesModal } from '../../../../components/discard-changes-modal.tsx';
import { useTabGuard } from '../../../../lib/use-tab-guard.ts';
import { ClientAttachmentsTab } from '../attachments/client-attachments-tab.tsx';
import { ClientInteractionsTab } from './client-interactions-tab.tsx';
import { ClientSectionPanel } from './client-section-panel.tsx';
import { CLIENT_SECTIONS, type ClientSection } from './client-sections.ts';

type ProfileTab = ClientSection | 'interactions' | 'attachments';

/**
 * Spec §2 Client profile tabs. Only one tab is ever in edit mode; switching tabs drops the
 * edits, after asking when there are unsaved changes.
 */
export function ClientProfileTabs({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const [tab, setTab] = useState<ProfileTab>('client');
  const guard = useTabGuard(tab, setTab);

  return (
    <>
      <Tabs
        value={tab}
        onChange={(value) => value && guard.requestTab(value as ProfileTab)}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('profile.tabsLabel')} mb="lg">
          {CLIENT_SECTIONS.map((section) => (
            <Tabs.Tab key={section} value={section}>
              {t(`profile.tabs.${section}`)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="interactions">{t('profile.tabs.interactions')}</Tabs.Tab>
          <Tabs.Tab value="attachments">{t('profile.tabs.attachments')}</Tabs.Tab>
        </Tabs.List>
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
      </Tabs>
      <DiscardChangesModal {...guard.discard} />
    </>
  );
}
