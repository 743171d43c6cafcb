import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import {
  ActivateCodeRoute,
  ActivateRoute,
  ForgotPasswordRoute,
  LoginRoute,
  RegisterOrganisationRoute,
  RegisterRoute,
  ResetPasswordRoute,
} from './routes/auth';
import { GuestOnly, RequireAuth } from './routes/guards';
import { HomeRoute } from './routes/home';
import {
  AdminRoute,
  BusinessRoute,
  CharityRoute,
  DonationsRoute,
  ExploreRoute,
  GroupsRoute,
  MessagesRoute,
  NotFoundRoute,
  WalletRoute,
} from './routes/placeholders';
import { RouteError, RouteLoading } from './routes/route-error';

/** Every screen of the web app; route files are the only place features meet. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Shown while a lazy screen loads on the first page load.
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: 'explore', element: <ExploreRoute /> },
      {
        element: <GuestOnly />,
        children: [
          { path: 'login', element: <LoginRoute /> },
          { path: 'register', element: <RegisterRoute /> },
          { path: 'register/organisation', element: <RegisterOrganisationRoute /> },
        ],
      },
      { path: 'activate', element: <ActivateRoute /> },
      { path: 'activate/:code', element: <ActivateCodeRoute /> },
      { path: 'forgot-password', element: <ForgotPasswordRoute /> },
      { path: 'reset-password/:token', element: <ResetPasswordRoute /> },
      {
        element: <RequireAuth />,
        children: [
          {
            path: 'profile',
            // Account settings pull in the date picker and the dropzone: loaded on demand.
            lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
          },
          { path: 'wallet', element: <WalletRoute /> },
          { path: 'donations', element: <DonationsRoute /> },
          { path: 'groups', element: <GroupsRoute /> },
          { path: 'business', element: <BusinessRoute /> },
          { path: 'charity', element: <CharityRoute /> },
          { path: 'messages', element: <MessagesRoute /> },
          { path: 'admin', element: <AdminRoute /> },
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
