import { Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconBuilding, IconHelp, IconHistory, IconSitemap, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ClientInteractionButton } from './client-interaction-button.tsx';
import { ClientSearchBox } from './client-search-box.tsx';
import { isActive, type Navigation } from './nav-items.ts';

const SETTINGS_ICONS: Record<string, typeof IconUsers> = {
  users: IconUsers,
  centres: IconBuilding,
  mappings: IconSitemap,
  audit: IconHistory,
};

/** Small screens: the whole top navigation in a drawer opened by the burger. */
export function MobileNavDrawer({
  opened,
  onClose,
  navigation,
}: {
  opened: boolean;
  onClose: () => void;
  navigation: Navigation;
}) {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('drawerTitle')}
      size="xs"
      closeButtonProps={{ 'aria-label': t('burger.close') }}
    >
      <Stack gap="md">
        {navigation.clientSearch && <ClientSearchBox onSearch={onClose} fullWidth />}
        {navigation.clientInteraction && <ClientInteractionButton onOpen={onClose} fullWidth />}
        <nav aria-label={t('mainNavigation')}>
          {navigation.main.map((item) => {
            const active = isActive(item, pathname);
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.to}
                label={t(`nav.${item.key}`)}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onClose}
              />
            );
          })}
          <NavLink
            component={Link}
            to="/help"
            label={t('help')}
            leftSection={<IconHelp size={16} aria-hidden />}
            active={pathname.startsWith('/help')}
            onClick={onClose}
          />
        </nav>
        {navigation.settings.length > 0 && (
          <>
            <Divider label={t('settings.menu')} labelPosition="left" />
            <nav aria-label={t('settings.menu')}>
              {navigation.settings.map((item) => {
                const Icon = SETTINGS_ICONS[item.key] ?? IconUsers;
                const active = isActive(item, pathname);
                return (
                  <NavLink
                    key={item.key}
                    component={Link}
                    to={item.to}
                    label={t(`settings.${item.key}`)}
                    leftSection={<Icon size={16} aria-hidden />}
                    active={active}
                    aria-current={active ? 'page' : undefined}
                    onClick={onClose}
                  />
                );
              })}
            </nav>
          </>
        )}
      </Stack>
    </Drawer>
  );
}
