import type { RouteObject } from 'react-router';
import { accountAreaRoutes, lazyScreens } from './lazy-screens';

// The charity screens pull in the date picker and the dropzone: loaded on demand.
const screens = lazyScreens(() => import('./charity-screens'));
const integrations = lazyScreens(() => import('./integrations-screens'));

/**
 * Charity administration (signed in): the charity feature's area (profile, members, funds, requests)
 * with the projects feature's screens, the payouts feature's under Funds and the fundraisers
 * feature's list of fundraising pages, composed into it (charity-screens.tsx).
 */
export const charityRoutes: RouteObject[] = accountAreaRoutes('charity', {
  register: screens('RegisterCharityScreen'),
  pages: {
    'projects/new': screens('CharityNewProjectRoute'),
    'projects/:id': screens('CharityProjectRoute'),
  },
  layout: screens('CharityLayout'),
  profile: screens('CharityProfileSection'),
  sections: {
    members: screens('CharityMembersRoute'),
    projects: screens('CharityProjectsRoute'),
    funds: screens('CharityFundsRoute'),
    donations: screens('CharityDonationsRoute'),
    statistics: screens('CharityStatisticsRoute'),
    'gift-aid': screens('CharityGiftAidRoute'),
    fundraisers: screens('CharityFundraisersRoute'),
    requests: screens('AssociationRequestsSection'),
    integrations: integrations('CharityIntegrationsRoute'),
    'integrations/webhooks/:webhookId': integrations('CharityIntegrationsRoute'),
  },
});
