import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { RegisterForm } from './register-form';

function messagesOf(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
}

const renderForm = (variant: 'individual' | 'organisation') =>
  renderRoutes([{ path: '/register', element: <RegisterForm variant={variant} /> }], '/register');

/** Fills Dana Donor's name, email and matching passwords, then submits. */
async function registerDana() {
  await userEvent.type(screen.getByLabelText('First name'), 'Dana');
  await userEvent.type(screen.getByLabelText('Last name'), 'Donor');
  await userEvent.type(screen.getByLabelText('Email'), 'dana@example.org');
  await userEvent.type(screen.getByLabelText('Password'), 'Password123!');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'Password123!');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('registration form', () => {
  it('says to check the mail, the same for any address (the server never says whether it has an account)', async () => {
    stubFetch({
      'POST /api/auth/register': () =>
        jsonResponse(
          { message: 'We sent a message to dana@example.org. Check your mail to activate your account.' },
          201,
        ),
    });
    renderForm('individual');
    await registerDana();

    const sent = await screen.findByRole('status');
    expect(sent.textContent).toContain('Check your mail to activate your account.');
    expect(sent.textContent).toContain('dana@example.org');
    expect(screen.getByRole('link', { name: 'Enter activation code' })).toBeInTheDocument();
    expect(screen.queryByTestId('form-refusal')).not.toBeInTheDocument();
  });

  it('puts the organisation fields the server names on their inputs (organisation.name -> Organisation name)', async () => {
    stubFetch({
      'POST /api/user/register': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: { 'organisation.name': 'This name is taken.', unknown_field: 'Something else is wrong.' },
        }),
    });
    renderForm('organisation');
    await userEvent.type(screen.getByLabelText('Organisation name'), 'River Trust');
    await registerDana();

    const name = screen.getByLabelText('Organisation name');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(messagesOf(name)).toContain('This name is taken.');
    // A message for a field this form does not have is not lost: it joins the refusal.
    expect(screen.getByTestId('form-refusal').textContent).toContain('Something else is wrong.');
  });

  it('says what is wrong in sentences beside the fields, and stops names at their limit', async () => {
    const fetchMock = stubFetch({});
    renderForm('organisation');
    const first = screen.getByLabelText('First name');
    expect(first).toHaveAttribute('maxlength', '100');
    expect(screen.getByLabelText('Organisation name')).toHaveAttribute('maxlength', '200');
    expect(screen.getByLabelText('Description')).toHaveAttribute('maxlength', '2000');
    expect(screen.getByText('0 of 2,000 characters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Organisation name'), 'R');
    await userEvent.type(screen.getByLabelText('Email'), 'dana@');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    expect(messagesOf(first)).toContain('This is required.');
    expect(messagesOf(screen.getByLabelText('Organisation name'))).toContain('Use at least 2 characters.');
    expect(messagesOf(screen.getByLabelText('Email'))).toContain('Enter a valid email address.');
    expect(document.body.textContent).not.toMatch(/expected|<=|>=|Invalid input|Too small|Required\./);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
