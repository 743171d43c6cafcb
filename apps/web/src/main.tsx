import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { STORAGE_KEYS, session } from './entities/session';
import { applyAccountTheme } from './lib/account-theme';
import { queryClient } from './lib/query-client';

const router = createBrowserRouter(routes);

session.setNavigator((to) => {
  void router.navigate(to);
});
// Cached data belongs to the person who was signed in.
let signedInToken = session.getState().token;
session.subscribe(() => {
  const { token } = session.getState();
  if (signedInToken && !token) queryClient.clear();
  signedInToken = token;
});
// Follow a sign-in or logout made in another tab.
window.addEventListener('storage', (event) => {
  if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.user) {
    session.syncFromStorage();
  }
});

applyAccountTheme('default');
void session.start();
session.startTimer();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
