import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSmallScreen } from '../lib/breakpoints.ts';
import { landingPath, returnPathFor, type ReturnState } from '../lib/landing.ts';
import { session, useSession } from '../lib/session.ts';

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
