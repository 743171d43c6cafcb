import type { DiscountCode, Invoice, OrgSubscription, Plan } from '@kindred/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '@/entities/session';
import { captureDownloads } from '@/testing/downloads';
import { MINUTE, makeLogin, makeUser, pageFixture } from '@/testing/fixtures';
import { errorResponse, headersOf, jsonResponse, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { AdminBillingScreen } from './admin-billing-screen';
import { InvoicesSection } from './invoices-section';
import { SubscriptionSection } from './subscription-section';

const plan = (id: number, name: string, fee: number, feeType = 1): Plan => ({
  id,
  name,
  description: `${name} plan`,
  fee,
  fee_type: feeType,
  currency: 'INR',
  active: true,
  created_at: '2030-01-01T00:00:00.000Z',
});
const PLANS = [plan(1, 'Starter', 250_000), plan(2, 'Business annual', 7_500_000, 2)];

const subscription: OrgSubscription = {
  id: 11,
  business_id: 5,
  plan: PLANS[0] as Plan,
  status: 'active',
  payment_method: 'wallet',
  direct_debit: null,
  discount: { code: 'WELCOME20', kind: 'percentage', value: 20 },
  period_total: 200_000,
  started_on: '2030-01-01',
  current_period_start: '2030-01-01',
  current_period_end: '2030-01-31',
  next_invoice_on: '2030-02-01',
  next_plan: null,
  next_period_total: null,
  set_by_platform: false,
  created_at: '2030-01-01T00:00:00.000Z',
  ended_at: null,
};

const invoice: Invoice = {
  id: 42,
  number: 'INV-000042',
  subscription_id: 11,
  business_id: 5,
  period_start: '2030-01-01',
  period_end: '2030-01-31',
  plan_name: 'Starter',
  fee_type: 1,
  subtotal: 250_000,
  discount_code: 'WELCOME20',
  discount: 50_000,
  total: 200_000,
  currency: 'INR',
  status: 'paid',
  payment_method: 'wallet',
  last_error: null,
  paid_at: '2030-01-01T09:00:00.000Z',
  created_at: '2030-01-01T09:00:00.000Z',
};

const bodyOf = (mock: ReturnType<typeof stubFetch>, path: string) => {
  const call = mock.mock.calls.find(
    (c) => new URL(String(c[0]), 'http://x').pathname === path && (c[1] as RequestInit | undefined)?.body,
  );
  return call
    ? { body: JSON.parse(String((call[1] as RequestInit).body)), headers: headersOf(call[1]) }
    : undefined;
};

function signIn(user = makeUser()) {
  session.signIn(makeLogin(Date.now() + 60 * MINUTE, { user }));
}

/** The request of the first call with this method to this path. */
function callTo(mock: { mock: { calls: unknown[][] } }, method: string, path: string) {
  const call = mock.mock.calls.find(
    (c) =>
      new URL(String(c[0]), 'http://x').pathname === path &&
      ((c[1] as RequestInit | undefined)?.method ?? 'GET') === method,
  );
  return call?.[1] as RequestInit | undefined;
}

/** Replaces the value of a field of the dialog and presses the dialog's Save. */
async function typeAndSave(dialog: HTMLElement, field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.type(field, value);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('the subscription screens', { timeout: 30_000 }, () => {
  signedInForEachTest();

  it('previews a plan with a discount code and subscribes from the wallet with an Idempotency-Key', async () => {
    let current: OrgSubscription | null = null;
    const mock = stubFetch({
      'GET /api/config': () => jsonResponse({ payment_provider: 'sandbox', stripe_publishable_key: null }),
      'GET /api/business/5/subscription': () => jsonResponse({ subscription: current }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture(current ? [current] : [])),
      'POST /api/business/5/subscription/preview': () =>
        jsonResponse({
          plan: PLANS[0],
          discount_code: 'WELCOME20',
          subtotal: 250_000,
          discount: 50_000,
          total: 200_000,
          currency: 'INR',
          period_start: '2030-01-01',
          period_end: '2030-01-31',
        }),
      'POST /api/business/5/subscription': () => {
        current = subscription;
        return jsonResponse({ subscription, invoice }, 201);
      },
    });
    renderRoutes([{ path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> }]);
    expect(await screen.findByText('No subscriptions yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Choose a plan.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: /Starter/ }));
    await userEvent.type(screen.getByLabelText(/Discount code/), 'welcome20');
    await userEvent.click(screen.getByRole('button', { name: 'Preview price' }));
    const price = await screen.findByRole('region', { name: 'Price of the first period' });
    expect(within(price).getByText(/Total: ₹2,000 a month/)).toBeInTheDocument();
    expect(bodyOf(mock, '/api/business/5/subscription/preview')?.body).toEqual({
      plan_id: 1,
      discount_code: 'welcome20',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(bodyOf(mock, '/api/business/5/subscription')).toBeDefined());
    const sent = bodyOf(mock, '/api/business/5/subscription');
    expect(sent?.body).toEqual({ plan_id: 1, discount_code: 'welcome20' });
    expect(sent?.headers['Idempotency-Key']).toMatch(/[0-9a-f-]{36}/);
    expect(await screen.findByRole('heading', { name: 'Current plan: Starter' })).toBeInTheDocument();
    expect(screen.getByText(/WELCOME20: 20% off/)).toBeInTheDocument();
  });

  it('subscribing again after a refusal sends a new Idempotency-Key; after no answer, the same one', async () => {
    const keys: (string | undefined)[] = [];
    const answers = [
      () => errorResponse(409, 'INSUFFICIENT_FUNDS', 'Not enough money in the wallet.'),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => jsonResponse({ subscription, invoice }, 201),
    ];
    stubFetch({
      'GET /api/config': () => jsonResponse({ payment_provider: 'sandbox', stripe_publishable_key: null }),
      'GET /api/business/5/subscription': () => jsonResponse({ subscription: null }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture([])),
      'POST /api/business/5/subscription': (_url, init) => {
        keys.push(headersOf(init)['Idempotency-Key']);
        const answer = answers.shift();
        if (!answer) throw new Error('an unexpected call');
        return answer();
      },
    });
    renderRoutes([{ path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Starter/ }));
    const subscribe = () => userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await subscribe();
    expect(await screen.findByText('Not enough money in the wallet.')).toBeInTheDocument();
    // The wallet was topped up meanwhile: the same plan again is a new request, not the kept refusal.
    await subscribe();
    await waitFor(() => expect(keys).toHaveLength(2));
    await subscribe();
    expect(await screen.findByText('Subscription successful')).toBeInTheDocument();
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('shows a refused discount code beside the field', async () => {
    stubFetch({
      'GET /api/config': () => jsonResponse({ payment_provider: 'sandbox', stripe_publishable_key: null }),
      'GET /api/business/5/subscription': () => jsonResponse({ subscription: null }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture([])),
      'POST /api/business/5/subscription/preview': () =>
        errorResponse(409, 'DISCOUNT_CODE_EXPIRED', 'This discount code has expired.', {
          fields: { discount_code: 'This code has expired.' },
        }),
    });
    renderRoutes([{ path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> }]);
    await userEvent.click(await screen.findByRole('radio', { name: /Starter/ }));
    await userEvent.type(screen.getByLabelText(/Discount code/), 'OLD!');
    await userEvent.click(screen.getByRole('button', { name: 'Preview price' }));
    expect(await screen.findByText('Letters, digits, - and _ only.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Discount code/));
    await userEvent.type(screen.getByLabelText(/Discount code/), 'SUMMER2025');
    await userEvent.click(screen.getByRole('button', { name: 'Preview price' }));
    expect(await screen.findByText('This code has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Discount code/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('subscribes by direct debit with the card checked first', async () => {
    const mock = stubFetch({
      'GET /api/config': () => jsonResponse({ payment_provider: 'sandbox', stripe_publishable_key: null }),
      'GET /api/business/5/subscription': () => jsonResponse({ subscription: null }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture([])),
      'POST /api/business/5/subscription_with_direct_debit': () =>
        jsonResponse(
          {
            subscription: {
              ...subscription,
              payment_method: 'direct_debit',
              direct_debit: { type: 3, payment_method_label: 'Visa •••• 4242' },
            },
            invoice: { ...invoice, payment_method: 'direct_debit' },
          },
          201,
        ),
    });
    renderRoutes([{ path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> }]);
    await userEvent.click(await screen.findByRole('radio', { name: /Business annual/ }));
    await userEvent.click(screen.getByRole('radio', { name: 'By direct debit from a card' }));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('This card number is not valid. Check the digits.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Card number'));
    await userEvent.type(screen.getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.type(screen.getByLabelText('Expiry month'), '12');
    await userEvent.type(screen.getByLabelText('Expiry year'), '2035');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(bodyOf(mock, '/api/business/5/subscription_with_direct_debit')).toBeDefined());
    expect(bodyOf(mock, '/api/business/5/subscription_with_direct_debit')?.body).toEqual({
      plan_id: 2,
      card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2035, cvc: '123' },
    });
  });

  it('cancels the current plan only after confirming, and says so to Employees', async () => {
    const mock = stubFetch({
      'GET /api/business/5/subscription': () => jsonResponse({ subscription }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture([subscription])),
      'DELETE /api/business/5/subscription': () =>
        jsonResponse({ subscription: { ...subscription, status: 'cancelled' } }),
    });
    const view = renderRoutes([
      { path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(mock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    await waitFor(() =>
      expect(mock.mock.calls.some((c) => (c[1] as RequestInit | undefined)?.method === 'DELETE')).toBe(true),
    );
    view.unmount();
    renderRoutes([
      { path: '/', element: <SubscriptionSection businessId={5} canManage={false} canMoveMoney /> },
    ]);
    expect(screen.getByText(/Only the organisation’s Super Admins and Admins/)).toBeInTheDocument();
  });

  it('changes to another plan from the next period: chosen, priced, confirmed', async () => {
    const changed = { ...subscription, next_plan: PLANS[1] as Plan, next_period_total: 6_000_000 };
    let current = subscription;
    const mock = stubFetch({
      'GET /api/business/5/subscription': () => jsonResponse({ subscription: current }),
      'GET /api/business/5/subscription/plans': () => jsonResponse({ items: PLANS }),
      'GET /api/business/5/subscription_list': () => jsonResponse(pageFixture([subscription])),
      'POST /api/business/5/subscription/preview': () =>
        jsonResponse({
          plan: PLANS[1],
          discount_code: 'WELCOME20',
          subtotal: 7_500_000,
          discount: 1_500_000,
          total: 6_000_000,
          currency: 'INR',
          period_start: '2030-02-01',
          period_end: '2031-01-31',
        }),
      'PATCH /api/business/5/subscription/plan': () => {
        current = changed;
        return jsonResponse({ subscription: changed });
      },
    });
    renderRoutes([{ path: '/', element: <SubscriptionSection businessId={5} canManage canMoveMoney /> }]);
    const section = await screen.findByRole('region', { name: 'Change plan' });
    // Only the other plans are offered; a plan must be chosen.
    expect(within(section).queryByRole('radio', { name: /Starter/ })).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Change plan' }));
    expect(within(section).getByText('Choose the plan to change to.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('radio', { name: /Business annual/ }));
    await userEvent.click(within(section).getByRole('button', { name: 'Change plan' }));

    // The price of the next period comes first; keeping the plan changes nothing.
    const dialog = await screen.findByRole('dialog', { name: 'Change to Business annual?' });
    expect(dialog.textContent).toContain(
      'From 1 Feb 2030 each period costs ₹60,000 a year (code WELCOME20 applied)',
    );
    expect(dialog.textContent).toContain('Nothing is charged now');
    expect(JSON.parse(String(callTo(mock, 'POST', '/api/business/5/subscription/preview')?.body))).toEqual({
      plan_id: 2,
      change: true,
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my plan' }));
    expect(callTo(mock, 'PATCH', '/api/business/5/subscription/plan')).toBeUndefined();

    await userEvent.click(within(section).getByRole('button', { name: 'Change plan' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Change to Business annual?' })).getByRole('button', {
        name: 'Change plan',
      }),
    );
    await waitFor(() =>
      expect(JSON.parse(String(callTo(mock, 'PATCH', '/api/business/5/subscription/plan')?.body))).toEqual({
        plan_id: 2,
      }),
    );
    expect(await screen.findByText('Plan changed')).toBeInTheDocument();
    expect(await within(section).findByText(/Business annual, ₹60,000 a year/)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Keep Starter' })).toBeInTheDocument();
  });

  it('lists invoices and downloads each as a PDF', async () => {
    const saved = captureDownloads();
    const mock = stubFetch({
      'GET /api/business/5/invoices': () =>
        jsonResponse(
          pageFixture([
            invoice,
            {
              ...invoice,
              id: 43,
              number: 'INV-000043',
              status: 'due',
              last_error: 'There is not enough money in the organisation’s wallet.',
              paid_at: null,
            },
          ]),
        ),
      'GET /api/business/5/invoices/42/pdf': () =>
        new Response('%PDF-1.3 invoice', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="kindred-INV-000042.pdf"',
          },
        }),
    });
    renderRoutes([{ path: '/', element: <InvoicesSection businessId={5} canRead /> }]);
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(within(table).getByText('INV-000042')).toBeInTheDocument();
    expect(within(table).getByText(/not enough money/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF of invoice INV-000042' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('kindred-INV-000042.pdf');
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.3 invoice');
    expect(mock.mock.calls.some((c) => String(c[0]).includes('/invoices/42/pdf'))).toBe(true);
  });

  it('shows an empty list of invoices plainly', async () => {
    stubFetch({ 'GET /api/business/5/invoices': () => jsonResponse(pageFixture([])) });
    renderRoutes([{ path: '/', element: <InvoicesSection businessId={5} canRead /> }]);
    expect(await screen.findByText(/No invoices yet/)).toBeInTheDocument();
  });
});

const code: DiscountCode = {
  id: 3,
  code: 'WELCOME20',
  kind: 'percentage',
  value: 20,
  expires_at: null,
  max_uses: 100,
  uses: 4,
  active: true,
  created_at: '2030-01-01T00:00:00.000Z',
};

/**
 * The admins' screen with WELCOME20 expiring at the end of 30 June 2031 where the admin is (the
 * field and the table show that day); a PATCH of the code answers the code changed.
 */
async function codesScreen() {
  signIn(makeUser({ is_iic_admin: true, admin_type: 2 }));
  let current: DiscountCode = { ...code, expires_at: new Date(2031, 5, 30, 23, 59, 59).toISOString() };
  const mock = stubFetch({
    'GET /api/admin/subscription_plans': () => jsonResponse({ items: PLANS }),
    'GET /api/admin/discount_codes': () => jsonResponse(pageFixture([current])),
    'PATCH /api/admin/discount_codes/3': (_url, init) => {
      current = { ...current, ...(JSON.parse(String(init.body)) as Partial<DiscountCode>) };
      return jsonResponse(current);
    },
  });
  renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
  return { mock, table: await screen.findByRole('table', { name: 'Discount codes' }) };
}

describe('the platform admin screen of plans and codes', { timeout: 30_000 }, () => {
  afterEach(() => session.clearSession());

  it('lists plans and codes and adds a code with its checks', async () => {
    signIn(makeUser({ is_iic_admin: true, admin_type: 2 }));
    const mock = stubFetch({
      'GET /api/admin/subscription_plans': () => jsonResponse({ items: PLANS }),
      'GET /api/admin/discount_codes': () => jsonResponse(pageFixture([code])),
      'POST /api/admin/discount_codes': () => jsonResponse({ ...code, id: 4, code: 'SPRING' }, 201),
    });
    renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
    const codes = await screen.findByRole('table', { name: 'Discount codes' });
    expect(within(codes).getByText('4 of 100')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Plans' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add a discount code' });
    await userEvent.type(within(form).getByLabelText(/Percent off/), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    expect(await within(form).findByText('A percentage is 1 to 100.')).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText(/^Code/), 'spring');
    await userEvent.clear(within(form).getByLabelText(/Percent off/));
    await userEvent.type(within(form).getByLabelText(/Percent off/), '15');
    await userEvent.type(within(form).getByLabelText(/Maximum uses/), '10');
    await userEvent.click(within(form).getByRole('button', { name: 'Add code' }));
    await waitFor(() => expect(bodyOf(mock, '/api/admin/discount_codes')).toBeDefined());
    expect(bodyOf(mock, '/api/admin/discount_codes')?.body).toEqual({
      code: 'spring',
      kind: 'percentage',
      value: 15,
      expires_at: null,
      max_uses: 10,
    });
  });

  /** The plans as a stubbed API keeps them: PATCH changes what the next GET lists. */
  function plansApi(fail?: () => Response) {
    let plans = PLANS.map((p) => ({ ...p }));
    return {
      'GET /api/admin/subscription_plans': () => jsonResponse({ items: plans }),
      'GET /api/admin/discount_codes': () => jsonResponse(pageFixture([code])),
      'PATCH /api/admin/subscription_plans/1': (_url: URL, init: RequestInit) => {
        if (fail) return fail();
        const changes = JSON.parse(String(init.body)) as Partial<Plan>;
        plans = plans.map((p) => (p.id === 1 ? { ...p, ...changes } : p));
        return jsonResponse(plans[0]);
      },
    };
  }

  it('edits a plan’s fee in a dialog and sends only what changed', async () => {
    signIn(makeUser({ is_iic_admin: true, admin_type: 2 }));
    const mock = stubFetch(plansApi());
    renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
    const table = await screen.findByRole('table', { name: 'Plans' });
    const starter = within(table).getByRole('row', { name: /Starter/ });
    expect(within(starter).getByText('₹2,500 a month')).toBeInTheDocument();
    await userEvent.click(within(starter).getByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Starter' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Starter');
    expect(within(dialog).getByLabelText(/^Description/)).toHaveValue('Starter plan');
    const fee = within(dialog).getByLabelText(/^Fee/) as HTMLInputElement;
    expect(fee).toHaveValue('2500');
    expect(within(dialog).getByText(/A monthly plan stays monthly/)).toBeInTheDocument();
    await typeAndSave(dialog, fee, '3000.50');
    expect(await screen.findByText('Plan updated')).toBeInTheDocument();
    expect(bodyOf(mock, '/api/admin/subscription_plans/1')?.body).toEqual({ fee: 300_050 });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Starter' })).not.toBeInTheDocument(),
    );
    expect(await within(starter).findByText('₹3,000.50 a month')).toBeInTheDocument();
  });

  it('shows the server’s field error beside its field and keeps the dialog open', async () => {
    signIn(makeUser({ is_iic_admin: true, admin_type: 2 }));
    const mock = stubFetch(
      plansApi(() =>
        errorResponse(400, 'VALIDATION_ERROR', 'The plan was not saved.', {
          fields: { name: 'A plan with this name exists.' },
        }),
      ),
    );
    renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Starter' });
    const name = within(dialog).getByLabelText(/^Name/) as HTMLInputElement;
    await typeAndSave(dialog, name, 'Business annual');
    expect(await within(dialog).findByText('A plan with this name exists.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveValue('Business annual');
    expect(within(dialog).getByRole('alert').textContent).toContain('The plan was not saved.');
    // The dialog shows the refusal; no error toast repeats it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.getAllByText(/The plan was not saved\./)).toHaveLength(1);
    expect(bodyOf(mock, '/api/admin/subscription_plans/1')?.body).toEqual({ name: 'Business annual' });
    expect(screen.getByRole('dialog', { name: 'Edit Starter' })).toBeInTheDocument();
    expect(screen.queryByText('Plan updated')).not.toBeInTheDocument();
  });

  it('keeps a maximum of uses it cannot take as typed, refused in a sentence, and sends nothing', async () => {
    const { mock, table } = await codesScreen();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit WELCOME20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME20' });
    const maxUses = within(dialog).getByLabelText(/^Maximum uses/) as HTMLInputElement;
    for (const typed of ['0', '-5', '2.5']) {
      await typeAndSave(dialog, maxUses, typed);
      expect(
        await within(dialog).findByText('Enter a whole number between 1 and 1,000,000.'),
      ).toBeInTheDocument();
      expect(maxUses.value).toBe(typed);
    }
    expect(bodyOf(mock, '/api/admin/discount_codes/3')).toBeUndefined();
  });

  it('edits a code’s maximum of uses and keeps its expiry unsent', async () => {
    const { mock, table } = await codesScreen();
    expect(within(table).getByText('4 of 100')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit WELCOME20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME20' });
    expect(within(dialog).getByLabelText(/^Expires on/)).toHaveValue('06/30/31');
    const maxUses = within(dialog).getByLabelText(/^Maximum uses/) as HTMLInputElement;
    expect(maxUses).toHaveValue('100');
    await typeAndSave(dialog, maxUses, '250');
    expect(await screen.findByText('Discount code updated')).toBeInTheDocument();
    expect(bodyOf(mock, '/api/admin/discount_codes/3')?.body).toEqual({ max_uses: 250 });
    expect(await within(table).findByText('4 of 250')).toBeInTheDocument();
  });

  it('moves a code’s expiry to the end of the day chosen in the date input', async () => {
    const { mock, table } = await codesScreen();
    expect(within(table).getByText('30 Jun 2031')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Edit WELCOME20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME20' });
    const expiry = within(dialog).getByLabelText(/^Expires on/) as HTMLInputElement;
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '12/31/32');
    await userEvent.tab();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Discount code updated')).toBeInTheDocument();
    expect(bodyOf(mock, '/api/admin/discount_codes/3')?.body).toEqual({
      expires_at: new Date(2032, 11, 31, 23, 59, 59).toISOString(),
    });
    expect(await within(table).findByText('31 Dec 2032')).toBeInTheDocument();
  });

  it('shows a maximum below the uses so far beside the field', async () => {
    signIn(makeUser({ is_iic_admin: true, admin_type: 2 }));
    stubFetch({
      'GET /api/admin/subscription_plans': () => jsonResponse({ items: PLANS }),
      'GET /api/admin/discount_codes': () => jsonResponse(pageFixture([code])),
      'PATCH /api/admin/discount_codes/3': () =>
        errorResponse(409, 'MAX_USES_BELOW_USES', 'This code has been used 4 times already.', {
          fields: { max_uses: 'At least 4.' },
        }),
    });
    renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit WELCOME20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit WELCOME20' });
    const maxUses = within(dialog).getByLabelText(/^Maximum uses/) as HTMLInputElement;
    await typeAndSave(dialog, maxUses, '2');
    expect(await within(dialog).findByText('At least 4.')).toBeInTheDocument();
    expect(maxUses).toHaveAttribute('aria-invalid', 'true');
    expect(maxUses).toHaveValue('2');
  });

  it('is view-only for platform Employees', async () => {
    signIn(makeUser({ is_iic_admin: true, admin_type: 99 }));
    stubFetch({
      'GET /api/admin/subscription_plans': () => jsonResponse({ items: PLANS }),
      'GET /api/admin/discount_codes': () => jsonResponse(pageFixture([code])),
    });
    renderRoutes([{ path: '/', element: <AdminBillingScreen /> }]);
    expect(await screen.findByRole('table', { name: 'Plans' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Starter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit WELCOME20' })).not.toBeInTheDocument();
    expect(screen.getByText('View only')).toBeInTheDocument();
  });
});
