import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type ActiveAccountRef, session } from '@/entities/session';
import { businessMembershipFixture, MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { Header } from './header';

function signIn(adminType: number, isAdmin = false) {
  session.signIn(
    makeLogin(Date.now() + 60 * MINUTE, {
      user: makeUser({ is_iic_admin: isAdmin, admin_type: isAdmin ? 2 : null }),
      charity_membership: [{ charity_id: 3, name: 'River Trust', admin_type: 1, permissions: [] }],
      business_membership: [businessMembershipFixture({ admin_type: adminType })],
    }),
  );
}

function menu(account?: ActiveAccountRef) {
  if (account) act(() => session.setActiveAccount(account));
  stubFetch({});
  renderRoutes([{ path: '/', element: <Header /> }]);
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

afterEach(() => {
  session.clearSession();
});

describe('the main menu', { timeout: 20_000 }, () => {
  it('offers visitors explore, and log in and register beside it', () => {
    expect(menu()).toEqual(['Explore']);
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
  });

  it.each<[string, number, boolean, ActiveAccountRef | undefined, string[]]>([
    [
      "lists a person's own screens, their charity's area and, for platform admins, the admin area",
      1,
      true,
      undefined,
      ['Home', 'Explore', 'Wallet', 'Donations', 'Groups', 'Charity', 'Messages', 'Admin'],
    ],
    [
      "lists the charity's area, not the person's wallet and donations, when acting as the charity",
      1,
      false,
      { type: 'charity', id: 3 },
      ['Home', 'Explore', 'Charity', 'Messages'],
    ],
    [
      "lists the organisation's wallet for its admins only when acting as the organisation",
      1,
      false,
      { type: 'business', id: 9 },
      ['Home', 'Explore', 'Wallet', 'Organisation', 'Messages'],
    ],
    [
      'leaves the wallet out for an employee acting as the organisation',
      99,
      false,
      { type: 'business', id: 9 },
      ['Home', 'Explore', 'Organisation', 'Messages'],
    ],
  ])('%s', (_case, adminType, isAdmin, account, links) => {
    signIn(adminType, isAdmin);
    expect(menu(account)).toEqual(links);
  });

  it('shows the unread messages of every mailbox beside Messages, without a page reload', async () => {
    signIn(1);
    let unread = 2;
    stubFetch({
      'GET /api/message/mailboxes': () =>
        jsonResponse({
          items: [{ owner_type: 1, owner_id: 1, name: 'Me', unread_messages: unread }],
          unread_messages: unread,
        }),
    });
    renderRoutes([{ path: '/', element: <Header /> }]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: /Messages.*\(2 unread\)/ })).toBeInTheDocument();
    unread = 0;
    // The window regains focus: the count is asked again.
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Messages' })).toBeInTheDocument());
  });
});
