import { Anchor, Box, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand-logo.tsx';
import { useIsSmallScreen } from '../../lib/breakpoints.ts';
import { landingPath } from '../../lib/landing.ts';
import { AccountMenu } from './account-menu.tsx';
import { ClientInteractionButton } from './client-interaction-button.tsx';
import { ClientSearchBox } from './client-search-box.tsx';
import { HelpLink } from './help-link.tsx';
import { MainNavLinks } from './main-nav-links.tsx';
import type { Navigation } from './nav-items.ts';
import { SettingsMenu } from './settings-menu.tsx';

/** Spec §1 top navigation; below the md breakpoint most of it moves into the drawer. */
export function AppHeader({
  navigation,
  drawerOpened,
  onToggleDrawer,
}: {
  navigation: Navigation;
  drawerOpened: boolean;
  onToggleDrawer: () => void;
}) {
  const { t } = useTranslation('layout');
  const small = useIsSmallScreen();
  const { user } = navigation;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={drawerOpened}
          onClick={onToggleDrawer}
          hiddenFrom="md"
          size="sm"
          aria-label={drawerOpened ? t('burger.close') : t('burger.open')}
        />
        <Anchor
          component={Link}
          to={user ? landingPath(user, small) : '/'}
          aria-label={t('home')}
          underline="never"
          mr="md"
        >
          <BrandLogo />
        </Anchor>
        <Group visibleFrom="md" wrap="nowrap">
          <MainNavLinks items={navigation.main} />
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Group visibleFrom="md" gap="xs" wrap="nowrap">
          {navigation.clientSearch && <ClientSearchBox />}
          {navigation.clientInteraction && (
            <>
              <Box visibleFrom="lg">
                <ClientInteractionButton />
              </Box>
              <Box hiddenFrom="lg">
                <ClientInteractionButton compact />
              </Box>
            </>
          )}
          <HelpLink />
          <SettingsMenu items={navigation.settings} />
        </Group>
        {user && <AccountMenu user={user} />}
      </Group>
    </Group>
  );
}
