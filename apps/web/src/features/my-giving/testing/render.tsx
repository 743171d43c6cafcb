import { vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { MyGivingScreen } from '../components/my-giving-screen';

/** My giving at `path` (e.g. '/donations?tab=totals'), signed in, with the public pages it links to. */
export function renderGiving(path = '/donations') {
  session.setNavigator(vi.fn());
  session.signIn(makeLogin(Date.now() + 60 * MINUTE));
  return renderRoutes(
    [
      { path: '/donations', element: <MyGivingScreen /> },
      { path: '/explore', element: <p>Explore page</p> },
    ],
    path,
  );
}
