import type { User } from '@cairn/shared/users.schemas';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Whether the user may sign in: Active, or Inactive once an Admin deactivated them. */
export function UserStatusBadge({ user }: { user: Pick<User, 'active'> }) {
  const { t } = useTranslation('users');
  // Its whole word always: a table column may not squeeze it into an ellipsis (a label that may
  // not overflow is as narrow as the table wants it).
  return (
    <Badge
      variant="filled"
      color={user.active ? 'teal.9' : 'gray.7'}
      styles={{ label: { overflow: 'visible' } }}
    >
      {t(user.active ? 'status.active' : 'status.inactive')}
    </Badge>
  );
}
