import type { User } from '@cairn/shared/users.schemas';
import { Anchor, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ResponsiveTable } from '../../../components/responsive-table/responsive-table.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useIsLargeScreen } from '../../../lib/breakpoints.ts';
import { useFormats } from '../../../lib/use-formats.ts';
import type { UserLinkKind } from '../api/user-mutations.ts';
import { UserCentre } from './user-centre.tsx';
import { useRoleTitle } from './use-role-title.ts';
import { UserStatusBadge } from './user-status-badge.tsx';

export interface UserTableProps {
  users: User[];
  /** Resend the invitation (never signed in) or send a password reset (the others). */
  onSendLink: (user: User, kind: UserLinkKind) => void;
  /** The user whose mail is being sent. */
  sendingTo: number | null;
  busy?: boolean;
  /** Said when no user matches (none at all, or none for the search and filters). */
  emptyText: string;
}

/**
 * Spec §2 Users list: avatar, Name, Email (large screens only), Centre and Role, in the server's
 * full-name order, with each user's status, last sign-in and the mail an Admin may send them
 * (issue 28); on small screens a card per user.
 */
export function UserTable({ users, onSendLink, sendingTo, busy = false, emptyText }: UserTableProps) {
  const { t } = useTranslation('users');
  const roleTitle = useRoleTitle();
  const formats = useFormats();
  const showEmail = useIsLargeScreen();
  const columns = showEmail ? 8 : 7;

  return (
    <ResponsiveTable minWidth={480}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        fz="md"
        aria-label={t('list.tableLabel')}
        aria-busy={busy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>
              <VisuallyHidden>{t('list.avatar')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('fields.name')}</Table.Th>
            {showEmail && <Table.Th>{t('fields.email')}</Table.Th>}
            <Table.Th>{t('fields.centre')}</Table.Th>
            <Table.Th>{t('fields.role')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('fields.lastSignIn')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text>{emptyText}</Text>
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
              <Table.Td data-label={t('fields.status')}>
                <UserStatusBadge user={user} />
              </Table.Td>
              <Table.Td data-label={t('fields.lastSignIn')}>
                {user.last_sign_in_at ? formats.dateTime(user.last_sign_in_at) : t('list.never')}
              </Table.Td>
              <Table.Td>
                {user.active && (
                  <SendLinkButton
                    user={user}
                    sending={sendingTo === user.user_id}
                    disabled={sendingTo !== null}
                    onSend={onSendLink}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ResponsiveTable>
  );
}

/** "Resend invitation" for a user who never signed in, "Send password reset" for the others. */
function SendLinkButton({
  user,
  sending,
  disabled,
  onSend,
}: {
  user: User;
  sending: boolean;
  disabled: boolean;
  onSend: UserTableProps['onSendLink'];
}) {
  const { t } = useTranslation('users');
  const kind: UserLinkKind = user.last_sign_in_at === null ? 'invitation' : 'password-reset';
  const label = t(kind === 'invitation' ? 'list.resendInvitation' : 'list.sendReset');
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconMailForward size={16} aria-hidden />}
      loading={sending}
      disabled={disabled && !sending}
      onClick={() => onSend(user, kind)}
      aria-label={t('list.sendTo', { action: label, name: user.full_name })}
    >
      {label}
    </Button>
  );
}
