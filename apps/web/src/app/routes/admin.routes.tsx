import type { RouteObject } from 'react-router';

/**
 * The platform admin area (signed in; the screens check the admin flag). Each section adds its
 * routes under `admin/` from its own file: admin-money.routes.tsx, admin-charities.routes.tsx. The
 * front page loads on demand, like the sections: no first visit draws it.
 */
export const adminRoutes: RouteObject[] = [
  { path: 'admin', lazy: async () => ({ Component: (await import('./admin-home')).AdminHomeRoute }) },
];
