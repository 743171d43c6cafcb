import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from '@/lib/format';
import { bodyOfCall, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, cardElement, loadStripe, resetStripeDouble, stripeJs } from '@/testing/stripe';
import { paste } from '@/testing/user';
import { createDirectDebit, mandateFixture } from '../testing/payments';
import { DirectDebitForm } from './direct-debit-form';

// Stripe.js is outside our walls: the test double stands in at the module boundary.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

const mandate = (body: Record<string, unknown>) => mandateFixture(body, 'Card ending 4242');

function renderForm(owner: Parameters<typeof DirectDebitForm>[0]['owner'] = { type: 'user' }) {
  renderWithProviders(
    <DirectDebitForm owner={owner} currency="INR" provider="stripe" stripePublishableKey="pk_test_x" />,
  );
  return screen.getByRole('form', { name: 'Set up a direct debit' });
}

const submit = (form: HTMLElement) =>
  userEvent.click(within(form).getByRole('button', { name: 'Set up direct debit' }));

describe('direct debit form with Stripe Elements', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetStripeDouble();
  });
  signedInForEachTest();

  it('makes a PaymentMethod with Elements and sends payment_method_id instead of a card', async () => {
    const fetchMock = stubFetch({
      'POST /api/user/create_direct_debit': createDirectDebit('Card ending 4242'),
    });
    const form = renderForm();
    expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();
    await paste(within(form).getByLabelText('Amount'), '57');
    await userEvent.selectOptions(within(form).getByLabelText('How often'), 'Weekly');
    await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await submit(form);

    expect(await screen.findByText('Direct debit set up')).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_x');
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(1);
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledWith({ type: 'card', card: cardElement });
    expect(bodyOfCall(fetchMock.mock.calls[0])).toEqual({
      amount: 5_700,
      frequency: 2,
      start_date: todayIso(),
      payment_method_id: 'pm_test_visa',
    });
    expect(headersOf(fetchMock.mock.calls[0]?.[1])['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(within(form).getByLabelText('Amount')).toHaveValue(''));
    expect(cardElement.clear).toHaveBeenCalled();
  });

  it('asks for the card when it is not complete, and makes nothing', async () => {
    const fetchMock = stubFetch({});
    const form = renderForm();
    await paste(within(form).getByLabelText('Amount'), '57');
    await screen.findByLabelText(CARD_DOUBLE_LABEL);
    await submit(form);
    expect(
      await within(form).findByText('Enter the card number, expiry date and security code.'),
    ).toBeInTheDocument();
    expect(stripeJs.createPaymentMethod).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows Stripe's message when it refuses the card, and sends nothing", async () => {
    stripeJs.createPaymentMethod.mockResolvedValueOnce({
      error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' },
    });
    const fetchMock = stubFetch({});
    const form = renderForm();
    await paste(within(form).getByLabelText('Amount'), '57');
    await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await submit(form);
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain('Card declined');
    expect(alert.textContent).toContain('Your card has expired.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('retries an unanswered request with the same PaymentMethod and key; another card is a new attempt', async () => {
    let calls = 0;
    const fetchMock = stubFetch({
      'POST /api/user/create_direct_debit': (_url, init) => {
        calls += 1;
        if (calls <= 2) throw new TypeError('Failed to fetch');
        return jsonResponse(mandate(JSON.parse(String(init.body))), 201);
      },
    });
    stripeJs.createPaymentMethod
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_first' } })
      .mockResolvedValueOnce({ paymentMethod: { id: 'pm_second' } });
    const form = renderForm();
    await paste(within(form).getByLabelText('Amount'), '57');
    const card = await within(form).findByLabelText(CARD_DOUBLE_LABEL);
    await paste(card, 'complete');
    await submit(form);
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'The server could not be reached.',
    );

    // The same request again: the same PaymentMethod with the same key.
    await submit(form);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(1);
    const [first, second] = fetchMock.mock.calls;
    expect(bodyOfCall(first).payment_method_id).toBe('pm_first');
    expect(bodyOfCall(second).payment_method_id).toBe('pm_first');
    expect(headersOf(second?.[1])['Idempotency-Key']).toBe(headersOf(first?.[1])['Idempotency-Key']);

    // Another card typed in: a new PaymentMethod and a new key.
    await paste(within(form).getByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await submit(form);
    expect(await screen.findByText('Direct debit set up')).toBeInTheDocument();
    expect(stripeJs.createPaymentMethod).toHaveBeenCalledTimes(2);
    const third = fetchMock.mock.calls[2];
    expect(bodyOfCall(third).payment_method_id).toBe('pm_second');
    expect(headersOf(third?.[1])['Idempotency-Key']).not.toBe(headersOf(first?.[1])['Idempotency-Key']);
  });

  it("subscribes an organisation to a charity with the card's PaymentMethod", async () => {
    const fetchMock = stubFetch({
      'GET /api/charity/list': () =>
        jsonResponse({ items: [{ id: 3, name: 'River Trust' }], next_cursor: null, prev_cursor: null }),
      'POST /api/business/direct_debit/9': (_url, init) =>
        jsonResponse(mandate({ ...JSON.parse(String(init.body)), owner_type: 'business', owner_id: 9 }), 201),
    });
    const form = renderForm({ type: 'business', id: 9, name: 'Acme Ltd' });
    await userEvent.selectOptions(within(form).getByLabelText('What it pays for'), '3');
    await userEvent.type(within(form).getByRole('combobox', { name: 'Charity' }), 'Riv');
    await userEvent.click(await screen.findByRole('option', { name: 'River Trust' }));
    await paste(within(form).getByLabelText('Amount'), '100');
    await paste(await within(form).findByLabelText(CARD_DOUBLE_LABEL), 'complete');
    await submit(form);
    expect(await screen.findByText('Direct debit set up')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find((call) => String(call[0]).includes('/business/direct_debit/9'));
    expect(bodyOfCall(post)).toEqual({
      amount: 10_000,
      frequency: 3,
      start_date: todayIso(),
      type: 3,
      charity_id: 3,
      payment_method_id: 'pm_test_visa',
    });
  });
});
