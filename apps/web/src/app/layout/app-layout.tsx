import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader.tsx';
import { useSupportEmail } from '../../lib/support-contact.ts';
import { AppHeader } from './app-header.tsx';
import { MobileNavDrawer } from './mobile-nav-drawer.tsx';
import { useNavigation } from './nav-items.ts';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';

/** The frame of every signed-in screen: skip link, top navigation, and the routed page. */
export function AppLayout() {
  const navigation = useNavigation();
  const [drawerOpened, drawer] = useDisclosure(false);
  // Asked now, so the error page and the help footer have it even when the API later fails.
  useSupportEmail();
  return (
    <>
      <SkipLink />
      <AppShell header={{ height: 60 }} padding={0}>
        <AppShell.Header>
          <AppHeader navigation={navigation} drawerOpened={drawerOpened} onToggleDrawer={drawer.toggle} />
        </AppShell.Header>
        <MobileNavDrawer opened={drawerOpened} onClose={drawer.close} navigation={navigation} />
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} style={{ outline: 'none' }}>
          {/* The navigation stays while a catalogue a screen did not name arrives (app/screen.ts). */}
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
