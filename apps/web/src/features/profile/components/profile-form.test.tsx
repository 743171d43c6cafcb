import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { session, useCurrentUser } from '@/entities/session';
import { MINUTE, makeDetail, makeLogin, makeUser } from '@/testing/fixtures';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { ProfileForm } from './profile-form';

/** As the profile route: the form of the session's current user. */
function CurrentProfile() {
  const user = useCurrentUser();
  return user ? <ProfileForm key={user.id} user={user} /> : null;
}

/** Shows the form with a server that has no regions and saves what it is sent. */
function renderProfile() {
  const fetchMock = stubFetch({
    'GET /api/state/by_country/1': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    'PATCH /api/user/update': (_url, init) => jsonResponse({ user: makeUser(JSON.parse(String(init.body))) }),
  });
  renderWithProviders(<CurrentProfile />);
  return { fetchMock, form: screen.getByRole('form', { name: 'Edit profile' }) };
}

describe('profile form', () => {
  beforeEach(() => {
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
  });
  afterEach(() => {
    session.clearSession();
  });

  it('follows a fresher user from the server in the fields not being edited', async () => {
    const { fetchMock, form } = renderProfile();
    expect(within(form).getByLabelText('Last name')).toHaveValue('Donor');
    await userEvent.clear(within(form).getByLabelText('First name'));
    await userEvent.type(within(form).getByLabelText('First name'), 'Danielle');

    // The full detail of GET /user/get arrives after the form is on screen (start-up).
    act(() => {
      session.applyDetail(makeDetail({ user: makeUser({ last_name: 'Fresh', city: 'Leeds' }) }));
    });
    await waitFor(() => expect(within(form).getByLabelText('Last name')).toHaveValue('Fresh'));
    expect(within(form).getByLabelText('City')).toHaveValue('Leeds');
    expect(within(form).getByLabelText('First name')).toHaveValue('Danielle');

    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Update successful')).toBeInTheDocument();
    const update = fetchMock.mock.calls.find(([input]) => String(input).includes('/api/user/update'));
    expect(JSON.parse(String(update?.[1]?.body))).toMatchObject({
      first_name: 'Danielle',
      last_name: 'Fresh',
      city: 'Leeds',
    });
  }, 20_000);

  it('keeps a birth date typed that is not a real date, says so beside it, and does not save', async () => {
    const { fetchMock, form } = renderProfile();
    const birth = within(form).getByLabelText('Birth date') as HTMLInputElement;
    await userEvent.click(birth);
    await userEvent.paste('02/30/1990');
    await userEvent.tab();
    expect(birth).toHaveValue('02/30/1990');
    expect(
      await within(form).findByText('Enter a real date as mm/dd/yy, for example 01/31/27.'),
    ).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(birth).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/user/update'))).toBe(false);
  }, 20_000);
});
