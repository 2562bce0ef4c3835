import { Anchor } from '@mantine/core';
import { openFromDashboard } from './embed-messages.ts';

interface ClientsLinkProps {
  /** The clients list's address (client-list-filters.ts `clientListPath`). */
  href: string;
  /** The id of a text saying what the link opens. */
  describedBy?: string | undefined;
  children: string;
}

/**
 * A link from a dashboard to the clients it counts: the framing reports screen opens the list
 * itself; opened alone, the dashboard's window goes there. A modified click (a new tab) is the
 * browser's.
 */
export function ClientsLink({ href, describedBy, children }: ClientsLinkProps) {
  return (
    <Anchor
      href={href}
      target="_top"
      inherit
      aria-describedby={describedBy}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openFromDashboard(href);
      }}
    >
      {children}
    </Anchor>
  );
}
