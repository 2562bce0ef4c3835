import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { ClientSideMenu, type ClientSideMenuProps } from './client-side-menu.tsx';
import classes from './client-page-layout.module.css';

/** A client's page (profile, plan, stories) with the side menu beside it, or above it on small screens. */
export function ClientPageLayout({ menu, children }: { menu: ClientSideMenuProps; children: ReactNode }) {
  return (
    <div className={classes.layout}>
      <Box className={classes.menu}>
        <ClientSideMenu {...menu} />
      </Box>
      <Container size="lg" w="100%" p={0} className={classes.content}>
        {children}
      </Container>
    </div>
  );
}
