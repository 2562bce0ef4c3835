import { Navigate, Outlet, useLocation } from 'react-router';
import { useIsSmallScreen } from '../lib/breakpoints.ts';
import { landingPath } from '../lib/landing.ts';
import { useSession } from '../lib/session.ts';

/** Every route but the login routes needs a signed-in user (spec §2). */
export function RequireSession() {
  const current = useSession();
  const location = useLocation();
  if (!current) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** A signed-in user opening a login route goes where sign-in would take them. */
export function RedirectIfSignedIn() {
  const current = useSession();
  const small = useIsSmallScreen();
  if (current) return <Navigate to={landingPath(current.user, small)} replace />;
  return <Outlet />;
}
