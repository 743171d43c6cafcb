/** @jsxImportSource preact */
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { projectFixture } from '@/testing/fixtures';
import { bodyOfCall, headersOf, jsonResponse, pathOfCall, stubFetch } from '@/testing/http';
import { bankStepAnswer, click, configRoute, giftAnswer, renderEmbed, typeInto } from './testing/embed';

/**
 * With Stripe, the card is typed into Stripe's Card Element: Stripe.js is outside our walls, so a
 * double stands in for `@stripe/stripe-js/pure` (this file runs isolated, as every
 * `*.stripe.test.tsx`). The double's card is one text box: `complete` makes the card complete.
 */
const stripe = vi.hoisted(() => {
  type Listener = (event: { complete: boolean; error?: { message: string } }) => void;
  const card = {
    listener: null as Listener | null,
    on(_name: string, listener: Listener) {
      card.listener = listener;
    },
    mount(into: HTMLElement) {
      const box = document.createElement('input');
      box.setAttribute('aria-label', 'Card (Stripe test double)');
      box.addEventListener('input', () => card.listener?.({ complete: box.value === 'complete' }));
      into.append(box);
    },
    focus: () => {},
    destroy: () => {},
  };
  const js = {
    elements: () => ({ create: () => card }),
    confirmCardPayment: async (_secret: string, _data: unknown) => ({
      paymentIntent: { status: 'succeeded' },
    }),
  };
  return { card, js, loadStripe: async () => js };
});
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const callsTo = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.filter((call) => pathOfCall(call) === path);

describe('the donate button’s page with Stripe', { timeout: 30_000 }, () => {
  it('pays in Stripe’s card field, then has the gift made with the same key', async () => {
    const pay = vi.spyOn(stripe.js, 'confirmCardPayment');
    const fetchMock = stubFetch({
      'GET /api/config': configRoute('stripe'),
      'GET /api/project/1': () => jsonResponse(projectFixture()),
      'POST /api/guest/donate/project/1': () => jsonResponse(bankStepAnswer(), 202),
      'POST /api/guest/payment/55/confirm': () => jsonResponse(giftAnswer(), 201),
    });
    renderEmbed();
    await screen.findByRole('form', { name: 'Your gift' });
    expect(screen.queryByRole('textbox', { name: 'Card number' })).toBeNull();
    await click('₹250');
    await typeInto('Email', 'gina@example.org');
    await typeInto('First name', 'Gina');
    await typeInto('Last name', 'Guest');
    const card = await screen.findByRole('textbox', { name: 'Card (Stripe test double)' });

    // An incomplete card stops the gift, with the message beside the card.
    await click('Give ₹250');
    expect(await screen.findByText('Enter the card number, expiry date and security code.')).toBeVisible();
    expect(callsTo(fetchMock, '/api/guest/donate/project/1')).toHaveLength(0);

    await userEvent.type(card, 'complete');
    await click('Give ₹250');
    const thanks = await screen.findByTestId('embed-thank-you');
    expect(thanks.textContent).toContain('Paid byYour card');
    const [donate] = callsTo(fetchMock, '/api/guest/donate/project/1');
    // The card goes to Stripe, never to us.
    expect(bodyOfCall(donate)).not.toHaveProperty('card');
    expect(pay).toHaveBeenCalledWith('sandbox_pi_55_secret_x', { payment_method: { card: stripe.card } });
    const [confirm] = callsTo(fetchMock, '/api/guest/payment/55/confirm');
    const key = (call: unknown[] | undefined) => headersOf(call?.[1] as RequestInit)['Idempotency-Key'];
    expect(key(confirm)).toBe(key(donate));
  });

  it('shows Stripe’s refusal of the card beside it', async () => {
    vi.spyOn(stripe.js, 'confirmCardPayment').mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    } as never);
    stubFetch({
      'GET /api/config': configRoute('stripe'),
      'GET /api/project/1': () => jsonResponse(projectFixture()),
      'POST /api/guest/donate/project/1': () => jsonResponse(bankStepAnswer(), 202),
    });
    renderEmbed();
    await screen.findByRole('form', { name: 'Your gift' });
    await click('₹100');
    await typeInto('Email', 'gina@example.org');
    await typeInto('First name', 'Gina');
    await typeInto('Last name', 'Guest');
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Card (Stripe test double)' }),
      'complete',
    );
    await click('Give ₹100');
    await waitFor(() => expect(screen.getByText('Your card was declined.')).toBeVisible());
    expect(screen.queryByTestId('embed-thank-you')).toBeNull();
  });
});
