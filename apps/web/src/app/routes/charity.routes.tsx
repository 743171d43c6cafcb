import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

// The charity screens pull in the date picker and the dropzone: loaded on demand.
const screens = lazyScreens(() => import('./charity-screens'));

/**
 * Charity administration (signed in): the charity feature's area (profile, members, funds, requests)
 * with the projects feature's screens composed into it (charity-screens.tsx).
 */
export const charityRoutes: RouteObject[] = [
  { path: 'charity/register', lazy: screens('RegisterCharityScreen') },
  { path: 'charity/projects/new', lazy: screens('CharityNewProjectRoute') },
  { path: 'charity/projects/:id', lazy: screens('CharityProjectRoute') },
  {
    path: 'charity',
    lazy: screens('CharityLayout'),
    children: [
      { index: true, lazy: screens('CharityProfileSection') },
      { path: 'members', lazy: screens('CharityMembersRoute') },
      { path: 'projects', lazy: screens('CharityProjectsRoute') },
      { path: 'funds', lazy: screens('CharityFundsSection') },
      { path: 'donations', lazy: screens('CharityDonationsRoute') },
      { path: 'statistics', lazy: screens('CharityStatisticsRoute') },
      { path: 'gift-aid', lazy: screens('CharityGiftAidRoute') },
      { path: 'requests', lazy: screens('AssociationRequestsSection') },
    ],
  },
];
