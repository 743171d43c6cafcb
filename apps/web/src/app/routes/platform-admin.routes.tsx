import type { RouteObject } from 'react-router';

const screens = () => import('@/features/platform-admin');

/** The platform admin area's people, accounts, statistics, expiring projects and audit log. */
export const platformAdminRoutes: RouteObject[] = [
  { path: 'admin/statistics', lazy: async () => ({ Component: (await screens()).StatisticsDashboard }) },
  { path: 'admin/people', lazy: async () => ({ Component: (await screens()).PeopleScreen }) },
  { path: 'admin/people/:id', lazy: async () => ({ Component: (await screens()).PersonScreen }) },
  { path: 'admin/accounts', lazy: async () => ({ Component: (await screens()).AccountsScreen }) },
  { path: 'admin/projects/:id', lazy: async () => ({ Component: (await screens()).AdminProjectScreen }) },
  { path: 'admin/expiring', lazy: async () => ({ Component: (await screens()).ExpiringScreen }) },
  { path: 'admin/audit', lazy: async () => ({ Component: (await screens()).AuditScreen }) },
];
