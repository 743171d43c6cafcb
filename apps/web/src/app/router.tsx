import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { adminRoutes } from './routes/admin.routes';
import { adminBillingRoutes } from './routes/admin-billing.routes';
import { adminCharitiesRoutes } from './routes/admin-charities.routes';
import { adminDonationsRoutes } from './routes/admin-donations.routes';
import { adminMoneyRoutes } from './routes/admin-money.routes';
import { charityRoutes } from './routes/charity.routes';
import { exploreRoutes } from './routes/explore.routes';
import { fundraiserPublicRoutes, fundraisersRoutes } from './routes/fundraisers.routes';
import { givingRoutes } from './routes/giving.routes';
import { groupPublicRoutes, groupsRoutes } from './routes/groups.routes';
import { GuestOnly, RequireAuth } from './routes/guards';
import { HomeRoute } from './routes/home';
import { invitationPublicRoutes, invitationRoutes } from './routes/invitations.routes';
import { lazyScreens } from './routes/lazy-screens';
import { messagesRoutes } from './routes/messages.routes';
import { NotFoundRoute } from './routes/not-found';
import {
  notificationPublicRoutes,
  notificationSettingsRoute,
  notificationsRoutes,
} from './routes/notifications.routes';
import { organisationRoutes } from './routes/organisation.routes';
import { platformAdminRoutes } from './routes/platform-admin.routes';
import { RouteError, RouteLoading } from './routes/route-error';
import { walletRoutes } from './routes/wallet.routes';

// The public screens (home, explore, projects, charities) come with the first load; the others
// load with their route, so that a first visit does not download forms it does not show.
const auth = lazyScreens(() => import('./routes/auth'));
const manageGift = lazyScreens(() => import('@/features/manage-gift'));
// Account settings pull in the date picker and the dropzone: loaded on demand.
const profile = lazyScreens(() => import('./routes/profile'));

/** Every screen of the web app; route files are the only place features meet. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazy screen loads on the first page load.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, element: <HomeRoute /> },
      ...exploreRoutes,
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', lazy: auth('LoginRoute') },
          { path: 'register', lazy: auth('RegisterRoute') },
          {
            path: 'register/organisation',
            lazy: auth('RegisterOrganisationRoute'),
          },
        ],
      },
      { path: 'activate', lazy: auth('ActivateRoute') },
      { path: 'activate/:code', lazy: auth('ActivateCodeRoute') },
      { path: 'forgot-password', lazy: auth('ForgotPasswordRoute') },
      { path: 'reset-password/:token', lazy: auth('ResetPasswordRoute') },
      // A mail's link to a gift or recurring gift, signed in or not (docs/product/card-gifts.md#manage-from-the-mail).
      { path: 'manage/:token', lazy: manageGift('ManageScreen') },
      ...invitationPublicRoutes,
      ...groupPublicRoutes,
      ...fundraiserPublicRoutes,
      // A mail's link to stop a kind of mail, signed in or not (docs/product/notifications.md#unsubscribe).
      ...notificationPublicRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'profile',
            lazy: profile('ProfileLayout'),
            children: [{ index: true, lazy: profile('ProfileRoute') }, notificationSettingsRoute],
          },
          ...notificationsRoutes,
          ...walletRoutes,
          ...givingRoutes,
          ...charityRoutes,
          ...organisationRoutes,
          ...groupsRoutes,
          ...fundraisersRoutes,
          ...invitationRoutes,
          ...messagesRoutes,
          ...adminRoutes,
          ...adminMoneyRoutes,
          ...platformAdminRoutes,
          ...adminCharitiesRoutes,
          ...adminDonationsRoutes,
          ...adminBillingRoutes,
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
