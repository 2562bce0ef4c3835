import { Menu, Text, UnstyledButton } from '@mantine/core';
import type { User } from '@cairn/shared/users.schemas';
import { IconLogout, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { useLogout } from '../../features/auth/api/use-logout.ts';

/**
 * Spec §1 account menu: the user's avatar, Account Settings, the language (issue 34) and Logout. The button's name starts
 * with the initials it shows ("AB, account menu": WCAG 2.5.3, label in name).
 */
export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation('layout');
  const logout = useLogout();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('account.menu', { initials: user.icon })}
          title={user.full_name}
          style={{ borderRadius: '50%' }}
        >
          <UserAvatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.full_name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={`/user/${user.user_id}`}
          leftSection={<IconUserCog size={16} aria-hidden />}
        >
          {t('account.settings')}
        </Menu.Item>
        <LanguageSwitch inMenu />
        <Menu.Item
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
        >
          {t('account.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
