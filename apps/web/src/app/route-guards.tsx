import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSmallScreen } from '../lib/breakpoints.ts';
import { landingPath, returnPath } from '../lib/landing.ts';
import { useSession } from '../lib/session.ts';

/** Every route but the login routes needs a signed-in user (spec §2). */
export function RequireSession() {
  const current = useSession();
  const location = useLocation();
  // Only a visitor who arrived signed out is brought back to the page they asked for; after a
  // logout or an expired session the next person to sign in starts on their own landing page.
  const arrivedSignedOut = useRef(current === null);
  if (!current) {
    const state = arrivedSignedOut.current ? { from: location.pathname + location.search } : undefined;
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
    const from = returnPath((location.state as { from?: unknown } | null)?.from);
    return <Navigate to={from ?? landingPath(current.user, small)} replace />;
  }
  return <Outlet />;
}
