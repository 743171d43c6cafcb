import type { RouteObject } from 'react-router';

/** Platform admin charity and organisation screens: pending ones (accept or reject), lock and unlock. */
export const adminCharitiesRoutes: RouteObject[] = [
  {
    path: 'admin/charities',
    lazy: async () => ({ Component: (await import('@/features/charity-review')).AdminCharitiesScreen }),
  },
  {
    path: 'admin/organisations',
    lazy: async () => ({
      Component: (await import('@/features/organisation-review')).AdminOrganisationsScreen,
    }),
  },
];
