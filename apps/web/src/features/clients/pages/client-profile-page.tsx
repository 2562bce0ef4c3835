import { can } from '@cairn/shared/roles';
import { Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AuditHistoryPanel } from '../../../components/audit-entries/audit-history-panel.tsx';
import { ClientPageLayout } from '../../../components/client-side-menu/client-page-layout.tsx';
import { useClient } from '../../../lib/client-queries.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { roleOf, useSession } from '../../../lib/session.ts';
import { ClientProfileTabs } from '../components/profile/client-profile-tabs.tsx';
import { ClientMoreMenu } from '../components/profile/client-more-menu.tsx';
import { MissingInfoNotice } from '../components/profile/missing-info-notice.tsx';
import { ClientWorker } from '../components/profile/client-worker.tsx';

/** /client/{clientId}: spec §2 Client profile, with the side menu beside it. */
export function ClientProfilePage() {
  const { clientId } = useParams();
  const id = Number(clientId);
  if (!/^\d+$/.test(clientId ?? '') || !Number.isSafeInteger(id) || id <= 0)
    return <Navigate to="/404" replace />;
  // A fresh profile per client: leaving one client for another drops edit mode and a revealed SIN.
  return <ClientProfile key={id} clientId={id} />;
}

function ClientProfile({ clientId }: { clientId: number }) {
  const { t } = useTranslation('clients');
  const { data: client } = useClient(clientId);
  const role = roleOf(useSession()?.user);
  const seesCentres = can(role, 'cases.allCentres');
  // Issue 14: Admins see who read or changed this client.
  const readsTrail = can(role, 'audit.read');
  const writes = can(role, 'cases.write');
  usePageTitle(client?.full_name ?? null);

  return (
    <ClientPageLayout menu={{ clientId }}>
      {client ? (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-end" gap="xs">
            <Title order={1}>{client.full_name}</Title>
            <Group gap="md">
              {seesCentres && <Text c="dimmed">{t('profile.centre', { name: client.centre_name })}</Text>}
              {writes && <ClientMoreMenu clientId={clientId} />}
            </Group>
          </Group>
          <ClientWorker client={client} writes={writes} />
          <MissingInfoNotice client={client} />
          <ClientProfileTabs client={client} />
          {readsTrail && <AuditHistoryPanel filter={{ client_id: clientId }} variant="accessHistory" />}
        </Stack>
      ) : (
        <Center py="xl">
          <Loader aria-label={t('profile.loading')} />
        </Center>
      )}
    </ClientPageLayout>
  );
}
