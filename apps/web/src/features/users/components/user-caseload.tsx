import { ROLE } from '@cairn/shared/roles';
import type { User } from '@cairn/shared/users.schemas';
import { Alert, Anchor, Button, Group, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ReassignModal } from '../../../components/caseloads/reassign-modal.tsx';
import { wrappingButton } from '../../../components/wrapping-button.ts';

/**
 * Issue 32, on a user's page for Admins: a Coordinator's clients (the list filtered to them) and
 * "reassign all of them" (a worker leaving); once deactivated, where their clients went (the
 * unassigned, listed for reassignment).
 */
export function UserCaseload({ user }: { user: User }) {
  const { t } = useTranslation('caseloads');
  const [reassigning, setReassigning] = useState(false);
  if (!user.active) {
    return (
      <Alert color="gray" variant="light" mb="lg">
        {t('user.unassignedNote')}{' '}
        <Anchor component={Link} to="/clients?worker=none">
          {t('user.viewUnassigned')}
        </Anchor>
      </Alert>
    );
  }
  if (user.roles[0]?.role_id !== ROLE.coordinator) return null;
  return (
    <Paper withBorder p="lg" mb="lg">
      <Title order={2} size="h4" mb="sm">
        {t('user.title')}
      </Title>
      <Group gap="sm">
        <Button
          component={Link}
          to={`/clients?worker=${user.user_id}`}
          variant="default"
          classNames={wrappingButton}
        >
          {t('user.viewClients')}
        </Button>
        <Button variant="default" classNames={wrappingButton} onClick={() => setReassigning(true)}>
          {t('user.reassignAll')}
        </Button>
      </Group>
      <ReassignModal
        opened={reassigning}
        onClose={() => setReassigning(false)}
        target={{ from_worker_id: user.user_id }}
        count={null}
        centreId={user.centre?.centre_id ?? null}
        currentWorkerId={user.user_id}
      />
    </Paper>
  );
}
