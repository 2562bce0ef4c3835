import { helpCategoriesOf, isHelpCategory } from '@cairn/shared/help.schemas';
import { can, type Capability } from '@cairn/shared/roles';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { RefusedPage } from '../features/errors/pages/refused-page.tsx';
import { useIsSmallScreen } from '../lib/breakpoints.ts';
import { landingPath, returnPathFor, useLandingPath, type ReturnState } from '../lib/landing.ts';
import { useRefusal } from '../lib/refused-page.ts';
import { roleOf, session, useSession } from '../lib/session.ts';

/** Every route but the login routes needs a signed-in user (spec §2). */
export function RequireSession() {
  const current = useSession();
  const location = useLocation();
  // A visitor who arrived signed out, and a user whose session expired, are brought back to the
  // page they were on; after a logout the next person to sign in starts on their own landing page.
  const arrivedSignedOut = useRef(current === null);
  if (!current) {
    const expired = session.expiredUser();
    const back = arrivedSignedOut.current || expired !== null;
    const state: ReturnState | undefined = back
      ? { from: location.pathname + location.search, ...(expired !== null && { user: expired }) }
      : undefined;
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

/** A signed-in user opening a login route goes where sign-in would take them. */
export function RedirectIfSignedIn() {
  const current = useSession();
  const small = useIsSmallScreen();
  const location = useLocation();
  if (current) {
    const from = returnPathFor(location.state, current.user.user_id);
    return <Navigate to={from ?? landingPath(current.user, small)} replace />;
  }
  return <Outlet />;
}

/** The root address: each role's landing screen (a Reporter's is Reports, spec §6). */
export function GoHome() {
  return <Navigate to={useLandingPath()} replace />;
}

export interface RequireCapabilityProps {
  /** What the role needs to open these screens, from the matrix the server checks (spec §6). */
  capability: Capability;
  /** The route parameter naming a user: everyone may open their own account. */
  ownAccountParam?: string;
}

/** Screens only some roles may open; anyone else gets the no-access page in their place. */
export function RequireCapability({ capability, ownAccountParam }: RequireCapabilityProps) {
  const user = useSession()?.user;
  const params = useParams();
  const ownAccount =
    ownAccountParam !== undefined && user !== undefined && params[ownAccountParam] === String(user.user_id);
  if (can(roleOf(user), capability) || ownAccount) return <Outlet />;
  return <RefusedPage refusal="noAccess" />;
}

/** The screen, or the not-found or no-access page when the API refused a read it made. */
export function RefusableOutlet() {
  const refusal = useRefusal();
  return refusal ? <RefusedPage refusal={refusal} /> : <Outlet />;
}

/**
 * A help category's screens: the not-found page for a category that does not exist, the
 * no-access page for one of another role's (spec §6, the rule the server applies to its lists).
 */
export function RequireHelpCategory() {
  const role = roleOf(useSession()?.user);
  const category = useParams().helpCategory ?? '';
  if (!isHelpCategory(category)) return <RefusedPage refusal="notFound" />;
  if (!helpCategoriesOf(role).includes(category)) return <RefusedPage refusal="noAccess" />;
  return <Outlet />;
}
