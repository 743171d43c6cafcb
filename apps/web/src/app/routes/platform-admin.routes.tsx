import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

const screens = lazyScreens(() => import('@/features/platform-admin'));

/** The platform admin area's people, accounts, statistics, expiring projects and audit log. */
export const platformAdminRoutes: RouteObject[] = [
  { path: 'admin/statistics', lazy: screens('StatisticsDashboard') },
  { path: 'admin/people', lazy: screens('PeopleScreen') },
  { path: 'admin/people/:id', lazy: screens('PersonScreen') },
  { path: 'admin/accounts', lazy: screens('AccountsScreen') },
  { path: 'admin/projects/:id', lazy: screens('AdminProjectScreen') },
  { path: 'admin/expiring', lazy: screens('ExpiringScreen') },
  { path: 'admin/audit', lazy: screens('AuditScreen') },
];
