import type { User } from '@cairn/shared/users.schemas';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useIsLargeScreen } from '../../../lib/breakpoints.ts';
import { UserCentre } from './user-centre.tsx';
import { useRoleTitle } from './use-role-title.ts';

/**
 * Spec §2 Users list: avatar, Name, Email (large screens only), Centre and Role, in the server's
 * full-name order; on small screens a card per user.
 */
export function UserTable({ users }: { users: User[] }) {
  const { t } = useTranslation('users');
  const roleTitle = useRoleTitle();
  const showEmail = useIsLargeScreen();

  return (
    <ResponsiveTable minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="sm" fz="md" aria-label={t('list.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>
              <VisuallyHidden>{t('list.avatar')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('fields.name')}</Table.Th>
            {showEmail && <Table.Th>{t('fields.email')}</Table.Th>}
            <Table.Th>{t('fields.centre')}</Table.Th>
            <Table.Th>{t('fields.role')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={showEmail ? 5 : 4}>
                <Text c="dimmed">{t('list.empty')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {users.map((user) => (
            <Table.Tr key={user.user_id}>
              <Table.Td>
                <UserAvatar user={user} size="sm" />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/user/${user.user_id}`}>
                  {user.full_name}
                </Anchor>
              </Table.Td>
              {showEmail && (
                <Table.Td data-label={t('fields.email')}>
                  <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor>
                </Table.Td>
              )}
              <Table.Td data-label={t('fields.centre')}>
                <UserCentre centre={user.centre} />
              </Table.Td>
              <Table.Td data-label={t('fields.role')}>{roleTitle(user.roles[0])}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}
