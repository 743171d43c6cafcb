import type { ManageView, PaymentMethod, Subscription } from '@kindred/shared';
import { donationFixture, fixtureOf, paymentMethodFixture, subscriptionFixture } from '@/testing/fixtures';
import { jsonResponse, type Route, stubFetch } from '@/testing/http';
import { renderRoutes } from '@/testing/render';
import { ManageScreen } from '../components/manage-screen';

export const PLAN_TOKEN = 's31.1896000000.plan-token';
export const GIFT_TOKEN = 'd5.1896000000.gift-token';

export const VISA = paymentMethodFixture();

export const MASTERCARD = paymentMethodFixture({
  id: 3,
  brand: 'Mastercard',
  last4: '4444',
  exp_month: 9,
  exp_year: 2032,
  is_default: false,
});

/** A monthly plan of ₹25 to a River Trust project, paid from the wallet, next gift on 1 Feb 2030. */
export const makePlan = subscriptionFixture;

/** The view of a plan's link, with what the server would allow for its status and source. */
export function planView(plan: Subscription, card: PaymentMethod | null = null): ManageView {
  const actions: ManageView['actions'] =
    plan.status === 'cancelled'
      ? []
      : [
          plan.status === 'paused' ? 'resume' : 'pause',
          'amount',
          'cancel',
          ...(plan.source === 'card' ? (['card'] as const) : []),
        ];
  return {
    kind: 'subscription',
    donation: null,
    subscription: plan,
    payment_method: card,
    expires_at: '2030-01-31T12:00:00.000Z',
    actions,
    receipt: false,
  };
}

/** The view of a gift's link: Dana Donor's approved ₹25 by card with its receipt. */
export const giftView = fixtureOf<ManageView>(() => ({
  kind: 'donation',
  donation: donationFixture({
    id: 5,
    source: 'card',
    payment_id: 8,
    gift_aid: true,
    gift_aid_amount: 625,
    receipt_number: 'KR-000005',
    created_at: '2030-01-10T10:00:00.000Z',
  }),
  subscription: null,
  payment_method: null,
  expires_at: '2030-02-09T10:00:00.000Z',
  actions: [],
  receipt: true,
}));

const CONFIG = { currency: 'INR', stripe_publishable_key: null, map_tile_url: '/tiles/{z}/{x}/{y}.png' };

/** Stubs the API with the deployment's settings (the sandbox by default) and the given calls. */
export function stubManageApi(handlers: Record<string, Route>, provider: 'sandbox' | 'stripe' = 'sandbox') {
  return stubFetch({
    'GET /api/config': () =>
      jsonResponse({
        ...CONFIG,
        payment_provider: provider,
        stripe_publishable_key: provider === 'stripe' ? 'pk_test_x' : null,
      }),
    ...handlers,
  });
}

/**
 * A stubbed API holding one plan that POST /manage/{token} changes as the server would; each body
 * sent is kept, and `refuse` may answer a body with a refusal instead.
 */
export function planApi(
  initial: Subscription,
  card: PaymentMethod | null = null,
  options: {
    refuse?: (body: Record<string, unknown>) => Response | null;
    provider?: 'sandbox' | 'stripe';
  } = {},
) {
  let view = planView(initial, card);
  const bodies: Record<string, unknown>[] = [];
  const path = `/api/manage/${PLAN_TOKEN}`;
  const fetchMock = stubManageApi(
    {
      [`GET ${path}`]: () => jsonResponse(view),
      [`POST ${path}`]: (_url, init) => {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        const refusal = options.refuse?.(body);
        if (refusal) return refusal;
        const plan = view.subscription as Subscription;
        let next: Subscription = plan;
        let nextCard = view.payment_method;
        if (body.action === 'pause') next = { ...plan, status: 'paused', next_date: null };
        if (body.action === 'resume') next = { ...plan, status: 'active', next_date: '2030-03-01' };
        if (body.action === 'cancel') next = { ...plan, status: 'cancelled', next_date: null };
        if (body.action === 'amount') next = { ...plan, amount: body.amount as number };
        if (body.action === 'card') nextCard = MASTERCARD;
        view = planView(next, nextCard);
        return jsonResponse(view);
      },
    },
    options.provider,
  );
  return { bodies, fetchMock };
}

/** The manage page at `/manage/{token}`, with the pages it links to. */
export function renderManage(token: string) {
  return renderRoutes(
    [
      { path: '/manage/:token', element: <ManageScreen /> },
      { path: '/login', element: <p>Sign in page</p> },
      { path: '/donations', element: <p>My giving page</p> },
    ],
    `/manage/${token}`,
  );
}
