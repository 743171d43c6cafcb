import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useIsLoggedIn, useSessionState } from '@/entities/session';
import { loginPath, safeNext } from '@/lib/navigation';

/** Protected routes: logged-out visitors go to `/login?next=<where they wanted to go>`. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { endedByLogout } = useSessionState();
  const location = useLocation();
  if (!loggedIn) {
    // After a logout the session service already went to plain /login.
    const to = endedByLogout ? '/login' : loginPath(`${location.pathname}${location.search}`);
    return <Navigate to={to} replace />;
  }
  return children ?? <Outlet />;
}

/** Login and registration: a signed-in person goes on to `next` or home. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  if (loggedIn) return <Navigate to={safeNext(params.get('next'))} replace />;
  return children ?? <Outlet />;
}
