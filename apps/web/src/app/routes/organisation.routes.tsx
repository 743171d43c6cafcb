import type { RouteObject } from 'react-router';

// The organisation area composes the organisation, invitations, employees and billing features.
const screens = () => import('./organisation-screens');
const billing = () => import('./organisation-billing-screens');

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
      { path: 'members', lazy: async () => ({ Component: (await screens()).OrganisationMembersRoute }) },
      { path: 'sign-off', lazy: async () => ({ Component: (await screens()).SignoffSection }) },
      {
        path: 'subscription',
        lazy: async () => ({ Component: (await billing()).OrganisationSubscriptionRoute }),
      },
      { path: 'invoices', lazy: async () => ({ Component: (await billing()).OrganisationInvoicesRoute }) },
      { path: 'requests', lazy: async () => ({ Component: (await screens()).OrganisationRequestsRoute }) },
      { path: 'groups', lazy: async () => ({ Component: (await screens()).EmployeeGroupsRoute }) },
      { path: 'onboarding', lazy: async () => ({ Component: (await screens()).CsvOnboardingRoute }) },
      { path: 'matching', lazy: async () => ({ Component: (await screens()).MatchingSection }) },
      { path: 'reports', lazy: async () => ({ Component: (await screens()).ReportsSection }) },
      { path: 'structure', lazy: async () => ({ Component: (await screens()).StructureSection }) },
    ],
  },
];
