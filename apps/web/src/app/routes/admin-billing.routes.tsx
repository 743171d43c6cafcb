import type { RouteObject } from 'react-router';

/** Platform admin screen of subscription plans and discount codes. */
export const adminBillingRoutes: RouteObject[] = [
  {
    path: 'admin/subscriptions',
    lazy: async () => ({ Component: (await import('@/features/organisation-billing')).AdminBillingScreen }),
  },
];
