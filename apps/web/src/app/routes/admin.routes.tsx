import type { RouteObject } from 'react-router';
import { AdminRoute } from './placeholders';

/**
 * The platform admin area (signed in; the screens check the admin flag). Each section adds its
 * routes under `admin/` from its own file: admin-money.routes.tsx, admin-charities.routes.tsx.
 */
export const adminRoutes: RouteObject[] = [{ path: 'admin', element: <AdminRoute /> }];
