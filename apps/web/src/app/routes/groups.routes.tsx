import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

const screens = lazyScreens(() => import('./group-screens'));

/**
 * Groups (signed in): my groups and joining by PIN, creating one and editing one;
 * the invitations feature's panel is composed into the group's page (group-screens.tsx).
 */
export const groupsRoutes: RouteObject[] = [
  { path: 'groups', lazy: screens('MyGroupsScreen') },
  { path: 'groups/new', lazy: screens('CreateGroupScreen') },
  { path: 'groups/:id/edit', lazy: screens('EditGroupRouteScreen') },
];

/**
 * A group's page is public (explore's groups tab links to it): a visitor sees the public page and
 * "Sign in to join", a signed-in person the group's page.
 */
export const groupPublicRoutes: RouteObject[] = [{ path: 'groups/:id', lazy: screens('GroupOrPublicRoute') }];
