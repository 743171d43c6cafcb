import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import { GuestOnly, RequireAuth } from './guards';

const routes = [
  { path: '/login', element: <h1>Login screen</h1> },
  { path: '/', element: <h1>Home screen</h1> },
  {
    element: <RequireAuth />,
    children: [{ path: '/profile', element: <h1>Profile screen</h1> }],
  },
  { element: <GuestOnly />, children: [{ path: '/register', element: <h1>Register screen</h1> }] },
];

describe('route guards', () => {
  afterEach(() => {
    session.clearSession();
  });

  it('sends visitors of a protected route to /login?next=<path>', async () => {
    const { router } = renderRoutes(routes, '/profile?tab=email');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/profile?tab=email')}`);
  });

  it('lets a signed-in person in, and a logout lands on plain /login', async () => {
    session.setNavigator(() => {});
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    const { router } = renderRoutes(routes, '/profile');
    expect(await screen.findByText('Profile screen')).toBeInTheDocument();
    act(() => session.logout());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('sends a signed-in person away from registration to next or home', async () => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
    renderRoutes(routes, '/register');
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
  });
});
