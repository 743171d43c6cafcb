import type { RouteObject } from 'react-router';
import { accountAreaRoutes, lazyScreens } from './lazy-screens';

// The organisation area composes the organisation, invitations, employees and billing features.
const screens = lazyScreens(() => import('./organisation-screens'));
const billing = lazyScreens(() => import('./organisation-billing-screens'));
const integrations = lazyScreens(() => import('./integrations-screens'));

/** The organisation area (signed in): profile and logo, members and sign-off admins, sign-off. */
export const organisationRoutes: RouteObject[] = accountAreaRoutes('organisation', {
  register: screens('RegisterOrganisationScreen'),
  layout: screens('OrganisationLayout'),
  profile: screens('OrganisationProfileSection'),
  sections: {
    members: screens('OrganisationMembersRoute'),
    'sign-off': screens('SignoffSection'),
    subscription: billing('OrganisationSubscriptionRoute'),
    invoices: billing('OrganisationInvoicesRoute'),
    requests: screens('OrganisationRequestsRoute'),
    groups: screens('EmployeeGroupsRoute'),
    onboarding: screens('CsvOnboardingRoute'),
    matching: screens('MatchingSection'),
    reports: screens('ReportsSection'),
    structure: screens('StructureSection'),
    integrations: integrations('OrganisationIntegrationsRoute'),
    'integrations/webhooks/:webhookId': integrations('OrganisationIntegrationsRoute'),
  },
});
