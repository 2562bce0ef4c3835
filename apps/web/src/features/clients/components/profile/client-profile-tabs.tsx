import type { Client } from '@cairn/shared/clients.schemas';
import { Tabs, Text } from '@mantine/core';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClientInteractionsTab } from './client-interactions-tab.tsx';
import { ClientSectionPanel } from './client-section-panel.tsx';
import { CLIENT_SECTIONS, type ClientSection } from './client-sections.ts';
import { DiscardChangesModal } from './discard-changes-modal.tsx';

type ProfileTab = ClientSection | 'interactions' | 'attachments';

/**
 * Spec §2 Client profile tabs. Only one tab is ever in edit mode; switching tabs drops the
 * edits, after asking when there are unsaved changes.
 */
export function ClientProfileTabs({ client }: { client: Client }) {
  const { t } = useTranslation('clients');
  const [tab, setTab] = useState<ProfileTab>('client');
  const [editing, setEditing] = useState(false);
  const [pendingTab, setPendingTab] = useState<ProfileTab | null>(null);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const switchTo = (next: ProfileTab) => {
    setPendingTab(null);
    setEditing(false);
    dirty.current = false;
    setTab(next);
  };

  const requestTab = (value: string | null) => {
    if (!value || value === tab) return;
    const next = value as ProfileTab;
    if (editing && dirty.current) setPendingTab(next);
    else switchTo(next);
  };

  return (
    <>
      <Tabs value={tab} onChange={requestTab} keepMounted={false}>
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
              editing={editing}
              onEditingChange={(next) => {
                setEditing(next);
                if (!next) dirty.current = false;
              }}
              onDirtyChange={onDirtyChange}
            />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="interactions">
          <ClientInteractionsTab clientId={client.client_id} clientName={client.full_name} />
        </Tabs.Panel>
        <Tabs.Panel value="attachments">
          <Text c="dimmed">{t('profile.attachments')}</Text>
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
