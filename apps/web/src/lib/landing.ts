import { can, ROLE } from '@cairn/shared/roles';
import type { User } from '@cairn/shared/users.schemas';
import { useIsSmallScreen } from './breakpoints.ts';
import { roleOf, useSession } from './session.ts';

/**
 * Where a user lands after sign-in (spec §2 Login): a Reporter on Reports, or on their own
 * profile on a small screen; everyone else on Clients, or the interaction page on a small screen.
 * Issue 32: a Coordinator on My work on a large screen, and a user who chose a home (their
 * account's `home`: Clients, or My work while their role has it) on it, whatever the screen.
 */
export function landingPath(user: User, smallScreen: boolean): string {
  const role = roleOf(user);
  const myWork = can(role, 'nav.myWork');
  if (user.home === 'my_work' && myWork) return '/my-work';
  if (user.home === 'clients' && can(role, 'nav.clients')) return '/clients';
  if (role === ROLE.reporter) return smallScreen ? `/user/${user.user_id}` : '/reports';
  if (smallScreen) return '/interaction';
  return myWork ? '/my-work' : '/clients';
}

/** The signed-in user's landing screen: where / and every 'Back to home page' lead. */
export function useLandingPath(): string {
  const user = useSession()?.user;
  const small = useIsSmallScreen();
  return user ? landingPath(user, small) : '/login';
}

/**
 * The protected address a signed-out visitor asked for, if it is safe to return to after sign-in:
 * an in-app path (never another origin) that is neither the root nor a login route.
 */
export function returnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from === '/' || from === '/login' || from.startsWith('/login/') || from.startsWith('/login?'))
    return null;
  return from;
}

/** What the login route is handed: the page to go back to and, after an expired session, whose it was. */
export interface ReturnState {
  from: string;
  user?: number;
}

/**
 * Where sign-in takes `userId` back to, from the login route's state: the page asked for if
 * returnPath finds it safe and, after an expired session, only when the same user signs in again.
 */
export function returnPathFor(state: unknown, userId: number): string | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  if ('user' in state && state.user !== userId) return null;
  return returnPath(state.from);
}
