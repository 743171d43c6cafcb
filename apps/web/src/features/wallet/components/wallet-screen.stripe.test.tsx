import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/http';
import { renderWithProviders } from '@/testing/render';
import { signedInForEachTest } from '@/testing/session';
import { CARD_DOUBLE_LABEL, loadStripe, resetStripeDouble } from '@/testing/stripe';
import { defaultRange } from '../lib/dates';
import { WalletScreen } from './wallet-screen';

// Stripe.js is outside our walls: the test double stands in at the module boundary.
vi.mock('@stripe/stripe-js/pure', async () => (await import('@/testing/stripe')).stripeJsModule);
vi.mock('@stripe/react-stripe-js', async () => (await import('@/testing/stripe')).reactStripeModule);

const range = defaultRange();

function stubWallet(config: {
  payment_provider: 'sandbox' | 'stripe';
  stripe_publishable_key: string | null;
}) {
  return stubFetch({
    'GET /api/config': () => jsonResponse({ currency: 'INR', map_tile_url: '', ...config }),
    'GET /api/user/wallet': () => jsonResponse({ wallet_amount: 0, credits: 0, held: 0, currency: 'INR' }),
    [`GET /api/user/payments/${range.from}/${range.to}`]: () =>
      jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    'GET /api/user/direct_debits': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
    'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
  });
}

const forms = () => [
  screen.getByRole('form', { name: 'Add money' }),
  screen.getByRole('form', { name: 'Add a card' }),
  screen.getByRole('form', { name: 'Set up a direct debit' }),
];

describe('the wallet screen with Stripe', { timeout: 20_000 }, () => {
  beforeEach(() => {
    resetStripeDouble();
  });
  signedInForEachTest();

  it('uses Stripe Elements for adding money, saving a card and direct debits when the deployment says Stripe', async () => {
    stubWallet({ payment_provider: 'stripe', stripe_publishable_key: 'pk_test_x' });
    renderWithProviders(<WalletScreen />);
    await waitFor(() => expect(screen.getAllByLabelText(CARD_DOUBLE_LABEL)).toHaveLength(3));
    for (const form of forms()) {
      expect(within(form).getByLabelText(CARD_DOUBLE_LABEL)).toBeInTheDocument();
      expect(within(form).queryByLabelText('Card number')).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Add money' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up direct debit' })).toBeInTheDocument();
    // One Stripe.js for the page, with the deployment's publishable key.
    expect(loadStripe).toHaveBeenCalledTimes(1);
    expect(loadStripe).toHaveBeenCalledWith('pk_test_x');
  });

  it('never loads Stripe.js with the sandbox: the sandbox card form shows', async () => {
    stubWallet({ payment_provider: 'sandbox', stripe_publishable_key: null });
    renderWithProviders(<WalletScreen />);
    await waitFor(() => expect(screen.getAllByLabelText('Card number')).toHaveLength(3));
    expect(screen.queryByLabelText(CARD_DOUBLE_LABEL)).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="stripe.com"]')).toBeNull();
  });

  it('shows no card form while the deployment settings load', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({
      'GET /api/config': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/user/wallet': () => jsonResponse({ wallet_amount: 0, credits: 0, held: 0, currency: 'INR' }),
      [`GET /api/user/payments/${range.from}/${range.to}`]: () =>
        jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/user/direct_debits': () => jsonResponse({ items: [], next_cursor: null, prev_cursor: null }),
      'GET /api/user/payment_methods': () => jsonResponse({ items: [] }),
    });
    renderWithProviders(<WalletScreen />);
    expect(await screen.findAllByText('Loading the card form…')).toHaveLength(3);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    answer(
      jsonResponse({
        currency: 'INR',
        map_tile_url: '',
        payment_provider: 'stripe',
        stripe_publishable_key: 'pk_test_x',
      }),
    );
    await waitFor(() => expect(screen.getAllByLabelText(CARD_DOUBLE_LABEL)).toHaveLength(3));
    expect(screen.queryByText('Loading the card form…')).not.toBeInTheDocument();
  });

  it('says card payments are not available when Stripe has no publishable key', async () => {
    stubWallet({ payment_provider: 'stripe', stripe_publishable_key: null });
    renderWithProviders(<WalletScreen />);
    await waitFor(() => expect(screen.getAllByText('Card payments are not available here')).toHaveLength(3));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add money' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up direct debit' })).not.toBeInTheDocument();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});
