import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin, makeUser } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { ChangePasswordForm, DeleteAccountForm } from './account-security';

const user = makeUser();

/** Shows the change password form and submits the three passwords typed. */
async function changePassword(current: string, next: string, confirm: string) {
  renderWithProviders(<ChangePasswordForm />);
  const form = screen.getByRole('form', { name: 'Change password' });
  await userEvent.type(within(form).getByLabelText('Current password'), current);
  await userEvent.type(within(form).getByLabelText('New password'), next);
  await userEvent.type(within(form).getByLabelText('Confirm password'), confirm);
  await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
  return form;
}

describe('account security forms', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    session.setNavigator(navigate);
    session.signIn(makeLogin(Date.now() + 60 * MINUTE));
  });
  afterEach(() => {
    session.clearSession();
    navigate.mockReset();
  });

  it('change password flags both fields when they differ, then stores the new token', async () => {
    const newExpiry = new Date(Date.now() + 60 * MINUTE).toISOString();
    const fetchMock = stubFetch({
      'PATCH /api/user/password': () => jsonResponse({ token: 'token-2', expires_at: newExpiry }),
    });
    const form = await changePassword('Password123!', 'Password123!X', 'Password123!Y');
    await waitFor(() =>
      expect(within(form).getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(within(form).getByLabelText('Confirm password'));
    await userEvent.type(within(form).getByLabelText('Confirm password'), 'Password123!X');
    await userEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      current_password: 'Password123!',
      password: 'Password123!X',
    });
    expect(session.getState().token).toBe('token-2');
    expect(window.localStorage.getItem('kindred.token')).toBe('token-2');
  });

  it('puts a refused current password on its field without logging out', async () => {
    stubFetch({
      'PATCH /api/user/password': () =>
        errorResponse(403, 'WRONG_PASSWORD', 'The current password is not right.', {
          fields: { current_password: 'Not right.' },
        }),
    });
    const form = await changePassword('nope-nope-nope', 'Password123!X', 'Password123!X');
    await waitFor(() =>
      expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByText('Not right.')).toBeInTheDocument();
    // The refusal stays on the form (no toast), and the typed values are kept.
    expect(within(form).getByTestId('form-refusal').textContent).toContain(
      'The current password is not right.',
    );
    expect(within(form).getByLabelText('New password')).toHaveProperty('value', 'Password123!X');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('delete account does nothing when the confirm dialog is declined', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<DeleteAccountForm user={user} />);
    const form = screen.getByRole('form', { name: 'Delete account' });
    await userEvent.type(within(form).getByLabelText('Password'), 'Password123!');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session.isLoggedIn()).toBe(true);
  });

  it('delete account sends the password after confirmation, toasts and logs out', async () => {
    const fetchMock = stubFetch({ 'DELETE /api/user/7': () => jsonResponse({ message: 'Deleted.' }) });
    renderWithProviders(<DeleteAccountForm user={user} />);
    const form = screen.getByRole('form', { name: 'Delete account' });
    await userEvent.type(within(form).getByLabelText('Password'), 'Password123!');
    await userEvent.click(within(form).getByRole('button', { name: 'Delete account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Deleted account')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ password: 'Password123!' });
    expect(session.isLoggedIn()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login');
  });
});
