import { lazy, Suspense } from 'react';
import { useIsLoggedIn } from '@/entities/session';
import { LandingPage } from '@/features/explore';
import { RouteLoading } from './route-error';

// The dashboards are for people signed in: they load with the first signed-in visit to `/`, so
// that a visitor's first load does not carry them.
const AccountDashboard = lazy(async () => ({
  default: (await import('@/features/dashboard')).AccountDashboard,
}));

/** `/`: the landing page for visitors; signed in, the dashboard of the account one acts as. */
export function HomeRoute() {
  if (!useIsLoggedIn()) return <LandingPage />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <AccountDashboard />
    </Suspense>
  );
}
