import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { adminRoutes } from './routes/admin.routes';
import { adminCharitiesRoutes } from './routes/admin-charities.routes';
import { adminDonationsRoutes } from './routes/admin-donations.routes';
import { adminMoneyRoutes } from './routes/admin-money.routes';
import {
  ActivateCodeRoute,
  ActivateRoute,
  ForgotPasswordRoute,
  LoginRoute,
  RegisterOrganisationRoute,
  RegisterRoute,
  ResetPasswordRoute,
} from './routes/auth';
import { charityRoutes } from './routes/charity.routes';
import { exploreRoutes } from './routes/explore.routes';
import { givingRoutes } from './routes/giving.routes';
import { GuestOnly, RequireAuth } from './routes/guards';
import { HomeRoute } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { RouteError, RouteLoading } from './routes/route-error';
import { walletRoutes } from './routes/wallet.routes';

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
          ...walletRoutes,
          ...givingRoutes,
          ...charityRoutes,
          ...adminRoutes,
          ...adminMoneyRoutes,
          ...adminCharitiesRoutes,
          ...adminDonationsRoutes,
        ],
      },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];
