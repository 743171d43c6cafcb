import type { RouteObject } from 'react-router';
import { lazyScreens } from './lazy-screens';

const screens = lazyScreens(() => import('@/features/invitations'));

/** The invitation confirmation by code (public: a new person registers first). */
export const invitationPublicRoutes: RouteObject[] = [
  { path: 'invitation/:code', lazy: screens('InvitationConfirmScreen') },
];

/** Joining an organisation, with one's own requests and invitations (signed in). */
export const invitationRoutes: RouteObject[] = [{ path: 'join', lazy: screens('JoinOrganisationScreen') }];
