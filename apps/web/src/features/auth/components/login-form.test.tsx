import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { MINUTE, makeLogin } from '@/testing/fixtures';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { LoginForm } from './login-form';

function renderLogin(onSuccess = vi.fn()) {
  renderRoutes(
    [
      { path: '/login', element: <LoginForm onSuccess={onSuccess} /> },
      { path: '/', element: <h1>Home screen</h1> },
    ],
    '/login',
  );
  return onSuccess;
}

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/^Email/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login form', () => {
  afterEach(() => {
    session.clearSession();
  });

  it('shows a wrong password beside the field and the refusal above the form, keeping what was typed', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/login': () =>
        errorResponse(401, 'INVALID_CREDENTIALS', 'The email or password is not right.', {
          fields: { password: 'Check the email and the password.' },
        }),
    });
    const onSuccess = renderLogin();
    await signIn('donor@example.org', 'not-the-password');

    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = (password.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(describedBy).toContain('Check the email and the password.');
    const refusal = screen.getByTestId('form-refusal');
    expect(refusal).toHaveAttribute('role', 'alert');
    expect(refusal.textContent).toContain('Not signed in');
    expect(refusal.textContent).toContain('The email or password is not right.');
    // The page says it; no toast repeats it.
    expect(document.querySelector('[data-severity="error"]')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/)).toHaveValue('donor@example.org');
    expect(password).toHaveProperty('value', 'not-the-password');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'donor@example.org',
      password: 'not-the-password',
    });
    expect(session.isLoggedIn()).toBe(false);
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('clears the refusal when the next attempt signs in', async () => {
    let attempts = 0;
    stubFetch({
      'POST /api/auth/login': () =>
        attempts++ === 0
          ? errorResponse(401, 'INVALID_CREDENTIALS', 'The email or password is not right.', {
              fields: { password: 'Check the email and the password.' },
            })
          : jsonResponse(makeLogin(Date.now() + 60 * MINUTE)),
    });
    const onSuccess = renderLogin();
    await signIn('donor@example.org', 'not-the-password');
    await screen.findByTestId('form-refusal');
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Password123!');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
  });

  it('checks the fields before calling the API', async () => {
    const fetchMock = stubFetch({});
    renderLogin();
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(describedBy).not.toBe('');
    const messages = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(messages).toContain('Enter a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('signs in, shows the success toast and stores the session', async () => {
    stubFetch({ 'POST /api/auth/login': () => jsonResponse(makeLogin(Date.now() + 60 * MINUTE)) });
    const onSuccess = renderLogin();
    await signIn('donor@example.org', 'Password123!');
    await waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(session.isLoggedIn()).toBe(true);
    expect(window.localStorage.getItem('kindred.token')).toBe('token-1');
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Logged in');
    expect(toast.textContent).toContain('Successfully logged in!');
  });

  it('offers to resend the activation email to an inactive account', async () => {
    stubFetch({
      'POST /api/auth/login': () =>
        errorResponse(403, 'ACCOUNT_NOT_ACTIVATED', 'Activate your account first.'),
    });
    renderLogin();
    await signIn('new@example.org', 'Password123!');
    expect(await screen.findByText('Your account is not activated yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'send the activation email again' })).toHaveAttribute(
      'href',
      '/activate',
    );
  });
});
