import type { Route, stubFetch } from '@/testing/http';
import { headersOf, jsonResponse } from '@/testing/http';

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
