import type { RouteObject } from 'react-router';

// The charity screens pull in the date picker and the dropzone: loaded on demand.
const screens = () => import('./charity-screens');

/**
 * Charity administration (signed in): the charity feature's area (profile, members, funds, requests)
 * with the projects feature's screens composed into it (charity-screens.tsx).
 */
export const charityRoutes: RouteObject[] = [
  {
    path: 'charity/register',
    lazy: async () => ({ Component: (await screens()).RegisterCharityScreen }),
  },
  {
    path: 'charity/projects/new',
    lazy: async () => ({ Component: (await screens()).CharityNewProjectRoute }),
  },
  {
    path: 'charity/projects/:id',
    lazy: async () => ({ Component: (await screens()).CharityProjectRoute }),
  },
  {
    path: 'charity',
    lazy: async () => ({ Component: (await screens()).CharityLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await screens()).CharityProfileSection }) },
      { path: 'members', lazy: async () => ({ Component: (await screens()).CharityMembersRoute }) },
      { path: 'projects', lazy: async () => ({ Component: (await screens()).CharityProjectsRoute }) },
      { path: 'funds', lazy: async () => ({ Component: (await screens()).CharityFundsSection }) },
      { path: 'donations', lazy: async () => ({ Component: (await screens()).CharityDonationsRoute }) },
      { path: 'statistics', lazy: async () => ({ Component: (await screens()).CharityStatisticsRoute }) },
      { path: 'gift-aid', lazy: async () => ({ Component: (await screens()).CharityGiftAidRoute }) },
      { path: 'requests', lazy: async () => ({ Component: (await screens()).AssociationRequestsSection }) },
    ],
  },
];
