import { describe, expect, it } from 'vitest';
import { cardModeOf, isStripePaymentError, StripePaymentError } from '@/entities/card';
import { failureOf } from './failure';
import { keepForRetry } from './idempotency';

const NOTE = 'Submit again.';

describe("Stripe.js's refusals", () => {
  it('tells a declined card from bad details and from Stripe not answering', () => {
    const declined = new StripePaymentError({
      type: 'card_error',
      code: 'card_declined',
      message: 'Declined.',
    });
    const invalid = new StripePaymentError({ type: 'validation_error', message: 'Incomplete.' });
    const down = new StripePaymentError({ type: 'api_connection_error', message: 'No connection.' });
    expect([declined.declined, invalid.declined, down.declined]).toEqual([true, false, false]);
    expect([declined.invalidDetails, invalid.invalidDetails, down.invalidDetails]).toEqual([
      false,
      true,
      false,
    ]);
    expect(isStripePaymentError(declined)).toBe(true);
    expect(isStripePaymentError(new Error('x'))).toBe(false);
    expect(new StripePaymentError({ type: 'api_error' }).message).toMatch(/could not be used/);
  });

  it('keeps the attempt, so that the next submit pays the payment already opened', () => {
    expect(keepForRetry(new StripePaymentError({ type: 'card_error', message: 'Declined.' }))).toBe(true);
    expect(keepForRetry(new StripePaymentError({ type: 'api_connection_error', message: 'Down.' }))).toBe(
      true,
    );
  });

  it.each([
    ['card_error', 'Your card was declined.', { title: 'Card declined', message: 'Your card was declined.' }],
    ['api_connection_error', 'No connection.', { title: 'Failed', message: 'No connection. Submit again.' }],
    ['validation_error', 'Incomplete.', { title: 'Failed', message: 'Incomplete.' }],
  ] as const)(
    "shows Stripe's own message for a %s: a decline as such, a failure with the retry note",
    (type, message, shown) => {
      expect(failureOf(new StripePaymentError({ type, message }), 'Failed', NOTE)).toEqual(shown);
    },
  );
});

describe('which card form shows', () => {
  it('follows the provider and the publishable key', () => {
    expect(cardModeOf(null, null)).toEqual({ kind: 'loading' });
    expect(cardModeOf('sandbox', 'pk_test_x')).toEqual({ kind: 'sandbox' });
    expect(cardModeOf('stripe', 'pk_test_x')).toEqual({ kind: 'stripe', publishableKey: 'pk_test_x' });
    expect(cardModeOf('stripe', null)).toEqual({ kind: 'unavailable' });
    expect(cardModeOf('stripe', '')).toEqual({ kind: 'unavailable' });
  });
});
