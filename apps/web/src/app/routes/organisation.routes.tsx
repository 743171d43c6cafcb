import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

// The organisation area composes the organisation, invitations, employees and billing features.
const screens = lazyScreens(() => import('./organisation-screens'));
const billing = lazyScreens(() => import('./organisation-billing-screens'));

/** The organisation area (signed in): profile and logo, members and sign-off admins, sign-off. */
export const organisationRoutes: RouteObject[] = [
  { path: 'organisation/register', lazy: screens('RegisterOrganisationScreen') },
  {
    path: 'organisation',
    lazy: screens('OrganisationLayout'),
    children: [
      { index: true, lazy: screens('OrganisationProfileSection') },
      { path: 'members', lazy: screens('OrganisationMembersRoute') },
      { path: 'sign-off', lazy: screens('SignoffSection') },
      { path: 'subscription', lazy: billing('OrganisationSubscriptionRoute') },
      { path: 'invoices', lazy: billing('OrganisationInvoicesRoute') },
      { path: 'requests', lazy: screens('OrganisationRequestsRoute') },
      { path: 'groups', lazy: screens('EmployeeGroupsRoute') },
      { path: 'onboarding', lazy: screens('CsvOnboardingRoute') },
      { path: 'matching', lazy: screens('MatchingSection') },
      { path: 'reports', lazy: screens('ReportsSection') },
      { path: 'structure', lazy: screens('StructureSection') },
    ],
  },
];
