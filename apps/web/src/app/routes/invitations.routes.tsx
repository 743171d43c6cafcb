import type { RouteObject } from 'react-router';

const screens = () => import('@/features/invitations');

/** The invitation confirmation by code (public: a new person registers first). */
export const invitationPublicRoutes: RouteObject[] = [
  { path: 'invitation/:code', lazy: async () => ({ Component: (await screens()).InvitationConfirmScreen }) },
];

/** Joining an organisation, with one's own requests and invitations (signed in). */
export const invitationRoutes: RouteObject[] = [
  { path: 'join', lazy: async () => ({ Component: (await screens()).JoinOrganisationScreen }) },
];
