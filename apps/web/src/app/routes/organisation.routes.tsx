import type { RouteObject } from 'react-router';

const screens = () => import('@/features/organisation');

/** The organisation area (signed in): profile and logo, members and sign-off admins, sign-off. */
export const organisationRoutes: RouteObject[] = [
  {
    path: 'organisation/register',
    lazy: async () => ({ Component: (await screens()).RegisterOrganisationScreen }),
  },
  {
    path: 'organisation',
    lazy: async () => ({ Component: (await screens()).OrganisationLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await screens()).OrganisationProfileSection }) },
      { path: 'members', lazy: async () => ({ Component: (await screens()).OrganisationMembersSection }) },
      { path: 'sign-off', lazy: async () => ({ Component: (await screens()).SignoffSection }) },
    ],
  },
];
