import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { session } from '@/entities/session';
import { headersOf, jsonResponse, pathOfCall, type Route, stubFetch } from '@/testing/http';
import { MONEY_ADDED_TOAST } from '../components/add-money-form';

/** The payment a ₹123.45 top-up opens (id 41), as the deposit calls answer it. */
export function paymentFixture(
  provider: 'sandbox' | 'stripe',
  status: string,
  client_secret: string | null = null,
) {
  return {
    id: 41,
    provider,
    status,
    amount: 12_345,
    currency: 'INR',
    client_secret,
    failure_message: null,
    created_at: '2030-01-01T00:00:00.000Z',
  };
}

/** The person's wallet once the ₹123.45 top-up is credited. */
export const walletAfterDeposit = { wallet_amount: 135_801, credits: 500, held: 0, currency: 'INR' };

/** A confirm route that goes unanswered (the network fails) the first time, then answers as `then`. */
export function unansweredOnce(then: Route): Route {
  let calls = 0;
  return (url, init) => {
    calls += 1;
    if (calls === 1) throw new TypeError('Failed to fetch');
    return then(url, init);
  };
}

/** The Idempotency-Keys the stubbed calls were made with, each once. */
export function idempotencyKeys(fetchMock: ReturnType<typeof stubFetch>) {
  return new Set(fetchMock.mock.calls.map((call) => headersOf(call[1])['Idempotency-Key']));
}

/** A direct debit as its set-up call answers it: what was sent, for Dana, paid by the card named. */
export function mandateFixture(body: Record<string, unknown>, payment_method_label: string) {
  return {
    id: 1,
    owner_type: 'user',
    owner_id: 7,
    type: 1,
    charity_id: null,
    currency: 'INR',
    next_charge_on: body.start_date,
    status: 'active',
    payment_method_label,
    failed_attempts: 0,
    last_error: null,
    created_at: '2030-01-01T00:00:00.000Z',
    ...body,
  };
}

/** The set-up call of a person's direct debit, answering with the mandate made of what it was sent. */
export const createDirectDebit =
  (payment_method_label: string): Route =>
  (_url, init) =>
    jsonResponse(mandateFixture(JSON.parse(String(init.body)), payment_method_label), 201);

/**
 * The deposit calls of the person's wallet, or of the organisation's given its id: `payment()` is
 * the payment opened, and the confirm credits `payment('credited')` unless `confirm` answers otherwise.
 */
export function depositRoutes(
  payment: (status?: string) => unknown,
  { business, confirm }: { business?: number; confirm?: Route } = {},
): Record<string, Route> {
  const [open, credit] = business
    ? [`POST /api/business/${business}/deposit`, `POST /api/business/${business}/confirm`]
    : ['POST /api/user/deposit', 'POST /api/user/deposit/confirm'];
  return {
    [open]: () => jsonResponse({ payment: payment() }, 201),
    [credit]: confirm ?? (() => jsonResponse({ payment: payment('credited'), wallet: walletAfterDeposit })),
  };
}

/** Presses an add-money form's submit button. */
export const pressAddMoney = (form: HTMLElement) =>
  userEvent.click(within(form).getByRole('button', { name: 'Add money' }));

/**
 * Makes the step most add-money tests start with: show the form for an owner (`render`), fill the
 * amount and a card that pays (`fill`), and submit it; the step returns the form.
 */
export function submitAddMoney<Owner>(
  render: (owner?: Owner) => HTMLElement,
  fill: (form: HTMLElement, amount: string) => Promise<void>,
) {
  return async (amount: string, owner?: Owner) => {
    const form = render(owner);
    await fill(form, amount);
    await pressAddMoney(form);
    return form;
  };
}

type Owner = { type: 'business'; id: number; name: string };
type SubmitAddMoney = ReturnType<typeof submitAddMoney<Owner>>;

/**
 * The steps the add-money tests of a payment provider share: `submitted` (see submitAddMoney) and
 * the scenarios every provider must pass, with the provider's `payment`.
 */
export function addMoneySteps(
  payment: (status?: string) => unknown,
  render: (owner?: Owner) => HTMLElement,
  fill: (form: HTMLElement, amount: string) => Promise<void>,
) {
  const submitted = submitAddMoney(render, fill);
  return {
    submitted,
    topUpAfterUnansweredConfirm: () => topUpAfterUnansweredConfirm(payment, submitted),
    topUpAcme: () => topUpAcme(payment, submitted),
  };
}

/**
 * Tops up ₹123.45 whose confirm goes unanswered once: the form says the server could not be
 * reached and that nothing is charged twice; submitting again adds the money. Returns the fetch stub.
 */
async function topUpAfterUnansweredConfirm(payment: (status?: string) => unknown, submitted: SubmitAddMoney) {
  const fetchMock = stubFetch(
    depositRoutes(payment, {
      confirm: unansweredOnce(() =>
        jsonResponse({ payment: payment('credited'), wallet: walletAfterDeposit }),
      ),
    }),
  );
  const form = await submitted('123.45');
  const alert = await within(form).findByRole('alert');
  expect(alert.textContent).toContain('The server could not be reached.');
  expect(alert.textContent).toContain('you are not charged twice');
  await pressAddMoney(form);
  expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
  return { fetchMock, form };
}

/**
 * Tops up ₹5 for Acme Ltd (id 9): the money is added through the organisation's own deposit and
 * confirm calls, and the person's balance stays as it was. Returns the fetch stub.
 */
async function topUpAcme(payment: (status?: string) => unknown, submitted: SubmitAddMoney) {
  const fetchMock = stubFetch(depositRoutes(payment, { business: 9 }));
  await submitted('5', { type: 'business', id: 9, name: 'Acme Ltd' });
  expect(await screen.findByText(MONEY_ADDED_TOAST)).toBeInTheDocument();
  expect(fetchMock.mock.calls.map(pathOfCall)).toEqual([
    '/api/business/9/deposit',
    '/api/business/9/confirm',
  ]);
  // Not the person's balance.
  expect(session.getState().user?.wallet_amount).toBe(123_456);
  return fetchMock;
}
