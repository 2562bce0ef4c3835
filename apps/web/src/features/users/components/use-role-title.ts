import type { Role } from '@cairn/shared/users.schemas';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A role's title in the reader's language; the server's title when the catalogue has none. */
export function useRoleTitle() {
  const { t } = useTranslation('users');
  return useCallback(
    (role: Role | undefined) => (role ? t(`roles.${role.role_id}`, { defaultValue: role.title }) : ''),
    [t],
  );
}
