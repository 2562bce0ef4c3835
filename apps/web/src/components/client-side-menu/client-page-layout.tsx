import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { useIsSmallScreen } from '../../lib/breakpoints.ts';
import { ClientSideMenu, type ClientSideMenuProps } from './client-side-menu.tsx';
import classes from './client-page-layout.module.css';

/**
 * A client's page (profile, plan, stories) with the side menu beside it; on small screens the
 * menu follows the page, so the client's name and tabs come first, in reading and focus order alike.
 */
export function ClientPageLayout({ menu, children }: { menu: ClientSideMenuProps; children: ReactNode }) {
  const small = useIsSmallScreen();
  const sideMenu = (
    <Box className={classes.menu}>
      <ClientSideMenu {...menu} />
    </Box>
  );
  return (
    <div className={classes.layout}>
      {!small && sideMenu}
      <Container size="lg" w="100%" p={0} className={classes.content}>
        {children}
      </Container>
      {small && sideMenu}
    </div>
  );
}
