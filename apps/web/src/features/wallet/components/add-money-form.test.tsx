import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { bodyOfCall, errorResponse, headersOf, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { paste } from '@/testing/user';
import {
  addMoneySteps,
  idempotencyKeys,
  paymentFixture,
  pressAddMoney,
  walletAfterDeposit,
} from '../testing/payments';
import { AddMoneyForm, MONEY_ADDED_TOAST } from './add-money-form';

const YEAR = String(new Date().getFullYear() + 2);
const payment = (status = 'succeeded') => paymentFixture('sandbox', status);

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function renderForm(owner: Parameters<typeof AddMoneyForm>[0]['owner'] = { type: 'user' }) {
  renderWithProviders(<AddMoneyForm owner={owner} currency="INR" />);
  return screen.getByRole('form', { name: 'Add money' });
}

async function fill(form: HTMLElement, amount: string, number = '4242 4242 4242 4242') {
  const type = (label: string, value: string) => paste(within(form).getByLabelText(label), value);
  await type('Amount', amount);
  await type('Card number', number);
  await type('Expiry month', '12');
  await type('Expiry year', YEAR);
  await type('Security code', '123');
}

const { submitted, topUpAcme, topUpAfterUnansweredConfirm } = addMoneySteps(payment, renderForm, fill);

describe('add money form', { timeout: 20_000 }, () => {
  signedInForEachTest();

  it('flags every empty field, ties the messages to them and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const form = renderForm();
    await pressAddMoney(form);
    const amount = within(form).getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    // The message is part of the field's accessible description.
    const described = (amount.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Enter an amount.');
    for (const label of ['Card number', 'Expiry month', 'Expiry year', 'Security code']) {
      expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['0', 'The amount cannot be 0.'],
    ['-5', 'The amount must be more than 0.'],
    ['1.234', 'Use at most 2 decimals.'],
    ['12,50', 'Use digits and a decimal point only, for example 250 or 99.50.'],
  ])('refuses the amount %j: %s', async (amount, message) => {
    const fetchMock = stubFetch({});
    const form = renderForm();
    await fill(form, amount);
    await pressAddMoney(form);
    expect(await within(form).findByText(message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('deposits, confirms with the same Idempotency-Key, toasts and clears the form', async () => {
    const confirmAnswer = deferred<Response>();
    const fetchMock = stubFetch({
      'POST /api/user/deposit': () => jsonResponse({ payment: payment() }, 201),
      'POST /api/user/deposit/confirm': () => confirmAnswer.promise,
    });
    const form = await submitted('123.45');

    // Pending: the button shows it is busy.
    const button = within(form).getByRole('button', { name: 'Add money' });
    await waitFor(() => expect(button).toHaveAttribute('data-loading', 'true'));
    confirmAnswer.resolve(jsonResponse({ payment: payment('credited'), wallet: walletAfterDeposit }));

    expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
    expect(screen.getByText('₹123.45 was added. The balance is now ₹1,358.01.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(pathOfCall)).toEqual(['/api/user/deposit', '/api/user/deposit/confirm']);
    expect(bodyOfCall(fetchMock.mock.calls[0])).toEqual({
      amount: 12_345,
      card: { number: '4242424242424242', exp_month: 12, exp_year: Number(YEAR), cvc: '123' },
    });
    expect(bodyOfCall(fetchMock.mock.calls[1])).toEqual({ payment_id: 41 });
    const key = headersOf(fetchMock.mock.calls[0]?.[1])['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(fetchMock.mock.calls[1]?.[1])['Idempotency-Key']).toBe(key);
    await waitFor(() => expect(within(form).getByLabelText('Card number')).toHaveValue(''));
    expect(within(form).getByLabelText('Amount')).toHaveValue('');
    // The session's copy of the balance follows.
    expect(session.getState().user?.wallet_amount).toBe(135_801);
  });

  it("shows a declined card's message in the form, and the next submit is a new attempt", async () => {
    const fetchMock = stubFetch({
      'POST /api/user/deposit': () =>
        errorResponse(402, 'CARD_DECLINED', 'Your card was declined. Try another card.'),
    });
    const form = renderForm();
    await fill(form, '10', '4000 0000 0000 0002');
    await pressAddMoney(form);

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain('Your card was declined. Try another card.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // Silent call: no second, generic error toast.
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    expect(screen.queryByText(MONEY_ADDED_TOAST)).not.toBeInTheDocument();

    await pressAddMoney(form);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const keys = fetchMock.mock.calls.map((call) => headersOf(call[1])['Idempotency-Key']);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('after an unanswered confirm, submitting again only confirms, with the same key', async () => {
    const { fetchMock, form } = await topUpAfterUnansweredConfirm();
    expect(fetchMock.mock.calls.map(pathOfCall)).toEqual([
      '/api/user/deposit',
      '/api/user/deposit/confirm',
      '/api/user/deposit/confirm',
    ]);
    expect(idempotencyKeys(fetchMock).size).toBe(1);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts the server's field messages on the fields", async () => {
    stubFetch({
      'POST /api/user/deposit': () =>
        errorResponse(400, 'VALIDATION_FAILED', 'Some fields are not valid.', {
          fields: { card: 'Required.' },
        }),
    });
    const form = await submitted('10');
    await waitFor(() =>
      expect(within(form).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(form).getByText('Required.')).toBeInTheDocument();
  });

  it("tops up an organisation's wallet through its own calls", async () => {
    await topUpAcme();
  });
});
