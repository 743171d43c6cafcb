import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

/**
 * The screens of fundraising pages load with their route (not with a first visit); the public page
 * apart from the forms, so that it loads no form or date picker.
 */
const page = lazyScreens(() => import('./fundraiser-screens'));
const screens = lazyScreens(() => import('./fundraiser-form-screens'));

/** A fundraising page is public: anyone opens it and gives through it (docs/product/fundraising-pages.md). */
export const fundraiserPublicRoutes: RouteObject[] = [
  { path: 'fundraisers/:id', lazy: page('FundraiserRoute') },
];

/** Signed in: a person's own pages, opening one for a project or charity, and editing one. */
export const fundraisersRoutes: RouteObject[] = [
  { path: 'fundraisers', lazy: screens('MyFundraisersScreen') },
  { path: 'fundraisers/new', lazy: screens('NewFundraiserScreen') },
  { path: 'fundraisers/:id/edit', lazy: screens('EditFundraiserScreen') },
];
