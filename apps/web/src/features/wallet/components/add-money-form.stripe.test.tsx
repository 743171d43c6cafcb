import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/entities/session';
import { bodyOfCall, errorResponse, headersOf, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, cardElement, loadStripe, resetStripeDouble, stripeJs } from '@/testing/stripe';
import { paste } from '@/testing/user';
import {
  addMoneySteps,
  depositRoutes,
  idempotencyKeys,
  paymentFixture,
  pressAddMoney,
} from '../testing/payments';
import { AddMoneyForm, MONEY_ADDED_TOAST } from './add-money-form';

// Stripe.js is outside our walls: the test double stands in at the module boundary.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

const CLIENT_SECRET = 'pi_test_41_secret_abc';
const payment = (status = 'pending') =>
  paymentFixture('stripe', status, status === 'pending' ? CLIENT_SECRET : null);
/** A refusal of Stripe.js's confirmCardPayment. */
const stripeRefusal = (error: Record<string, unknown>) => ({ error });
const declined = stripeRefusal({
  type: 'card_error',
  code: 'card_declined',
  message: 'Your card was declined.',
});
const incompleteCvc = stripeRefusal({
  type: 'validation_error',
  code: 'incomplete_cvc',
  message: "Your card's security code is incomplete.",
});
/** What Stripe answers when an earlier try already paid the payment. */
const alreadyPaid = stripeRefusal({
  type: 'invalid_request_error',
  code: 'payment_intent_unexpected_state',
  message: 'You cannot confirm this PaymentIntent because it has already succeeded.',
  payment_intent: { id: 'pi_test_41', status: 'succeeded' },
});

function renderForm(owner: Parameters<typeof AddMoneyForm>[0]['owner'] = { type: 'user' }) {
  renderWithProviders(
    <AddMoneyForm owner={owner} currency="INR" provider="stripe" stripePublishableKey="pk_test_x" />,
  );
  return screen.getByRole('form', { name: 'Add money' });
}

async function fill(form: HTMLElement, amount: string, card = 'complete') {
  await paste(within(form).getByLabelText('Amount'), amount);
  await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), card);
}

const { submitted, topUpAcme, topUpAfterUnansweredConfirm } = addMoneySteps(payment, renderForm, fill);

/** Every call to our API and to Stripe.js, in order. */
function journal(fetchMock: ReturnType<typeof stubFetch>) {
  const order = [
    ...fetchMock.mock.calls.map((call, i) => ({
      at: fetchMock.mock.invocationCallOrder[i] ?? 0,
      what: pathOfCall(call),
    })),
    ...stripeJs.confirmCardPayment.mock.calls.map((call, i) => ({
      at: stripeJs.confirmCardPayment.mock.invocationCallOrder[i] ?? 0,
      what: `stripe.confirmCardPayment ${String(call[0])}`,
    })),
  ];
  return order.sort((a, b) => a.at - b.at).map((entry) => entry.what);
}

describe('add money with Stripe Elements', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetStripeDouble();
  });
  signedInForEachTest();

  it("shows Stripe's card field, loaded with the publishable key, instead of the sandbox card form", async () => {
    stubFetch({});
    const form = renderForm();
    expect(await within(form).findByLabelText(CARD_DOUBLE_LABEL)).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Card' })).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledTimes(1);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_x');
    for (const label of ['Card number', 'Expiry month', 'Expiry year', 'Security code']) {
      expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
    }
    expect(within(form).queryByText(/Test payments \(sandbox\)/)).not.toBeInTheDocument();
  });

  it('asks for the card when Stripe says it is not complete, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const form = renderForm();
    await fill(form, '10', '4242');
    await pressAddMoney(form);
    expect(
      await within(form).findByText('Enter the card number, expiry date and security code.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(cardElement.focus).toHaveBeenCalled());

    // Stripe's own message about the card wins.
    await paste(within(form).getByLabelText(CARD_DOUBLE_LABEL), 'invalid');
    expect(await within(form).findByText('Your card number is invalid.')).toBeInTheDocument();
    await pressAddMoney(form);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(stripeJs.confirmCardPayment).not.toHaveBeenCalled();
  });

  it('flags the amount and the card together, focusing the amount first', async () => {
    const fetchMock = stubFetch({});
    const form = renderForm();
    await screen.findByLabelText(CARD_DOUBLE_LABEL);
    await pressAddMoney(form);
    const amount = within(form).getByLabelText('Amount');
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(form).getByText('Enter the card number, expiry date and security code.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(amount));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the payment without a card, pays it with Stripe.js, then confirms it with the same key', async () => {
    const fetchMock = stubFetch(depositRoutes(payment));
    const form = await submitted('123.45');

    expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
    expect(screen.getByText('₹123.45 was added. The balance is now ₹1,358.01.')).toBeInTheDocument();
    expect(journal(fetchMock)).toEqual([
      '/api/user/deposit',
      `stripe.confirmCardPayment ${CLIENT_SECRET}`,
      '/api/user/deposit/confirm',
    ]);
    // No card goes to our API.
    expect(bodyOfCall(fetchMock.mock.calls[0])).toEqual({ amount: 12_345 });
    expect(stripeJs.confirmCardPayment).toHaveBeenCalledWith(CLIENT_SECRET, {
      payment_method: { card: cardElement },
    });
    expect(bodyOfCall(fetchMock.mock.calls[1])).toEqual({ payment_id: 41 });
    const key = headersOf(fetchMock.mock.calls[0]?.[1])['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(headersOf(fetchMock.mock.calls[1]?.[1])['Idempotency-Key']).toBe(key);
    // The form starts over.
    await waitFor(() => expect(within(form).getByLabelText('Amount')).toHaveValue(''));
    expect(cardElement.clear).toHaveBeenCalled();
    expect(session.getState().user?.wallet_amount).toBe(135_801);
  });

  it("shows Stripe's decline message; the next submit pays the same payment and credits nothing twice", async () => {
    stripeJs.confirmCardPayment.mockResolvedValueOnce(declined);
    const fetchMock = stubFetch(depositRoutes(payment));
    const form = await submitted('123.45');

    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain('Your card was declined.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    // Nothing was paid: the wallet is not asked to credit it.
    expect(fetchMock.mock.calls.map(pathOfCall)).toEqual(['/api/user/deposit']);
    expect(screen.queryByText(MONEY_ADDED_TOAST)).not.toBeInTheDocument();

    // Another card, same amount: the open payment is paid, not a second one opened.
    await paste(within(form).getByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await pressAddMoney(form);
    expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
    expect(journal(fetchMock)).toEqual([
      '/api/user/deposit',
      `stripe.confirmCardPayment ${CLIENT_SECRET}`,
      `stripe.confirmCardPayment ${CLIENT_SECRET}`,
      '/api/user/deposit/confirm',
    ]);
    expect(idempotencyKeys(fetchMock).size).toBe(1);
  });

  it("puts Stripe's message about bad card details on the card field", async () => {
    stripeJs.confirmCardPayment.mockResolvedValueOnce(incompleteCvc);
    stubFetch({ 'POST /api/user/deposit': () => jsonResponse({ payment: payment() }, 201) });
    const form = await submitted('5');
    const card = within(form).getByRole('group', { name: 'Card' });
    await waitFor(() => expect(card.getAttribute('aria-describedby') ?? '').toMatch(/-error/));
    expect(within(form).getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(within(form).queryByText('Card declined')).not.toBeInTheDocument();
    await waitFor(() => expect(cardElement.focus).toHaveBeenCalled());
  });

  it('after Stripe paid and our confirm went unanswered, submitting again only confirms', async () => {
    const { fetchMock } = await topUpAfterUnansweredConfirm();
    expect(journal(fetchMock)).toEqual([
      '/api/user/deposit',
      `stripe.confirmCardPayment ${CLIENT_SECRET}`,
      '/api/user/deposit/confirm',
      '/api/user/deposit/confirm',
    ]);
    expect(idempotencyKeys(fetchMock).size).toBe(1);
  });

  it('confirms when Stripe says an earlier try already paid the payment', async () => {
    stripeJs.confirmCardPayment.mockResolvedValueOnce(alreadyPaid);
    const fetchMock = stubFetch(depositRoutes(payment));
    await submitted('123.45');
    expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(pathOfCall)).toEqual(['/api/user/deposit', '/api/user/deposit/confirm']);
  });

  it('shows the answer of our API when it declines the payment after Stripe', async () => {
    stubFetch(
      depositRoutes(payment, {
        confirm: () => errorResponse(402, 'CARD_DECLINED', 'Your card has insufficient funds.'),
      }),
    );
    const form = await submitted('10');
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain('Your card has insufficient funds.');
  });

  it("tops up an organisation's wallet through its own calls", async () => {
    const fetchMock = await topUpAcme();
    expect(bodyOfCall(fetchMock.mock.calls[0])).toEqual({ amount: 500 });
  });

  it('says so when Stripe.js cannot be loaded, and tries again', async () => {
    loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    stubFetch({});
    const form = renderForm();
    expect(await within(form).findByText('The card form could not be loaded')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Try again' }));
    expect(await within(form).findByLabelText(CARD_DOUBLE_LABEL)).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledTimes(2);
  });

  it('says card payments are not available when Stripe has no publishable key', async () => {
    stubFetch({});
    renderWithProviders(
      <AddMoneyForm owner={{ type: 'user' }} currency="INR" provider="stripe" stripePublishableKey={null} />,
    );
    expect(screen.getByText('Card payments are not available here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add money' })).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
