import type { RouteObject } from 'react-router';

/** Platform admin donation screen: donations held for review and direct donations to pay out. */
export const adminDonationsRoutes: RouteObject[] = [
  {
    path: 'admin/donations',
    lazy: async () => ({ Component: (await import('@/features/admin-donations')).AdminDonationsScreen }),
  },
];
