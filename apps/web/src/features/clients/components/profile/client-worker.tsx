import type { Client } from '@cairn/shared/clients.schemas';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReassignModal } from '../../../../components/caseloads/reassign-modal.tsx';

/**
 * Issue 32: the client's worker on the profile, and for those who may write the client (its
 * centre's Coordinators, Admins) a change to another of its centre's Coordinators, or none.
 */
export function ClientWorker({ client, writes }: { client: Client; writes: boolean }) {
  const { t } = useTranslation('caseloads');
  const [changing, setChanging] = useState(false);
  return (
    <Group gap="sm">
      <Text>
        {client.worker_name ? t('profile.worker', { name: client.worker_name }) : t('profile.noWorker')}
      </Text>
      {writes && (
        <Button variant="subtle" size="compact-sm" onClick={() => setChanging(true)}>
          {t('profile.change')}
        </Button>
      )}
      <ReassignModal
        opened={changing}
        onClose={() => setChanging(false)}
        target={{ client_ids: [client.client_id] }}
        count={1}
        centreId={client.centre_id}
        currentWorkerId={client.worker_id}
      />
    </Group>
  );
}
