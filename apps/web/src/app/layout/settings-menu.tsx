import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBuilding, IconSettings, IconHistory, IconSitemap, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavItem } from './nav-items.ts';

const ICONS: Record<string, typeof IconUsers> = {
  users: IconUsers,
  centres: IconBuilding,
  mappings: IconSitemap,
  audit: IconHistory,
};

/** Spec §1: Admins reach Users, Centres and Mappings from the settings menu, and the Audit trail (issue 14). */
export function SettingsMenu({ items }: { items: readonly NavItem[] }) {
  const { t } = useTranslation('layout');
  if (items.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200}>
      <Menu.Target>
        <Tooltip label={t('settings.menu')}>
          <ActionIcon variant="subtle" color="dark" size="lg" aria-label={t('settings.menu')}>
            <IconSettings size={22} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => {
          const Icon = ICONS[item.key] ?? IconSettings;
          return (
            <Menu.Item
              key={item.key}
              component={Link}
              to={item.to}
              leftSection={<Icon size={16} aria-hidden />}
            >
              {t(`settings.${item.key}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
