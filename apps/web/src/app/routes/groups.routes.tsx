import type { RouteObject } from 'react-router';

const screens = () => import('./group-screens');

/**
 * Groups (signed in): my groups and joining by PIN, creating one, a group's page and its editing;
 * the invitations feature's panel is composed into the group's page (group-screens.tsx).
 */
export const groupsRoutes: RouteObject[] = [
  { path: 'groups', lazy: async () => ({ Component: (await screens()).MyGroupsScreen }) },
  { path: 'groups/new', lazy: async () => ({ Component: (await screens()).CreateGroupScreen }) },
  { path: 'groups/:id', lazy: async () => ({ Component: (await screens()).GroupRoute }) },
  { path: 'groups/:id/edit', lazy: async () => ({ Component: (await screens()).EditGroupRouteScreen }) },
];
