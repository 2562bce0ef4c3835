import type { Group } from '@cairn/shared/groups.schemas';
import { Button, Loader, Menu, Text } from '@mantine/core';
import { IconCertificate, IconChevronDown, IconHeartHandshake, IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGroupPlanCheck } from '../api/group-queries.ts';

export type BulkAction = 'interactions' | 'supports' | 'trainings';

export interface AddBulkMenuProps {
  group: Group;
  onChoose: (action: BulkAction) => void;
}

/**
 * Spec §2 Add Bulk menu: Interactions, Supports and Trainings for every member. When some members
 * lack an open plan (GET /groups/{id}/check-plans) the menu says so instead and names them, each a
 * link to the client.
 */
export function AddBulkMenu({ group, onChoose }: AddBulkMenuProps) {
  const { t } = useTranslation('groups');
  const check = useGroupPlanCheck(group.group_id);
  const missing = check.data?.clientsMissingOpenPlan ?? [];

  return (
    <Menu position="bottom-end" width={300} onOpen={() => void check.refetch()} withinPortal>
      <Menu.Target>
        <Button rightSection={<IconChevronDown size={16} aria-hidden />}>{t('bulk.menu')}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {!check.data ? (
          <Menu.Label>
            <Loader size="xs" aria-label={t('bulk.checking')} />
          </Menu.Label>
        ) : missing.length > 0 ? (
          <>
            <Menu.Label>
              <Text size="sm" c="orange.9" fw={600} style={{ whiteSpace: 'normal' }}>
                {t('bulk.missingPlans')}
              </Text>
            </Menu.Label>
            {missing.map((client) => (
              <Menu.Item key={client.client_id} component={Link} to={`/client/${client.client_id}`}>
                {t('bulk.memberName', { first: client.first_name, last: client.last_name })}
              </Menu.Item>
            ))}
          </>
        ) : group.clients.length === 0 ? (
          <Menu.Label>
            <Text size="sm" style={{ whiteSpace: 'normal' }}>
              {t('bulk.noMembers')}
            </Text>
          </Menu.Label>
        ) : (
          <>
            <Menu.Item
              leftSection={<IconMessages size={16} aria-hidden />}
              onClick={() => onChoose('interactions')}
            >
              {t('bulk.interactions')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconHeartHandshake size={16} aria-hidden />}
              onClick={() => onChoose('supports')}
            >
              {t('bulk.supports')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCertificate size={16} aria-hidden />}
              onClick={() => onChoose('trainings')}
            >
              {t('bulk.trainings')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
