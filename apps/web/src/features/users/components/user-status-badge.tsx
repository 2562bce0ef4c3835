import type { User } from '@cairn/shared/users.schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { wholeBadge } from '../../../components/whole-badge.ts';

/** Whether the user may sign in: Active, or Inactive once an Admin deactivated them. */
export function UserStatusBadge({ user }: { user: Pick<User, 'active'> }) {
  const { t } = useTranslation('users');
  return (
    <Badge variant="filled" color={user.active ? 'teal.9' : 'gray.7'} styles={wholeBadge}>
      {t(user.active ? 'status.active' : 'status.inactive')}
    </Badge>
  );
}
