import type { RouteObject } from 'react-router';

/** Platform admin charity screens: pending charities (accept or reject), lock and unlock. */
export const adminCharitiesRoutes: RouteObject[] = [
  {
    path: 'admin/charities',
    lazy: async () => ({ Component: (await import('@/features/charity-review')).AdminCharitiesScreen }),
  },
];
