import { luhnValid } from '@kindred/shared';
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, cardErrors, toCardInput } from './card';

const now = new Date(2030, 5, 15); // 15 June 2030
const good = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2031', cvc: '123' };

describe('sandbox card fields', () => {
  it('accepts a valid card and sends digits only', () => {
    expect(Object.values(cardErrors(good, 'card.', now)).every((e) => e === null)).toBe(true);
    expect(toCardInput(good)).toEqual({
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2031,
      cvc: '123',
    });
    expect(toCardInput({ ...good, exp_year: '31', exp_month: '3' })).toMatchObject({
      exp_month: 3,
      exp_year: 2031,
    });
  });

  it('checks the number, including its Luhn digit', () => {
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardErrors({ ...good, number: '' }, 'card.', now)['card.number']).toBe(CARD_MESSAGES.number);
    expect(cardErrors({ ...good, number: '4242 4242 4242 4241' }, 'card.', now)['card.number']).toBe(
      CARD_MESSAGES.luhn,
    );
  });

  it('checks month, year, expiry and security code', () => {
    const errors = cardErrors(
      { number: good.number, exp_month: '13', exp_year: '1999', cvc: '12' },
      'card.',
      now,
    );
    expect(errors).toMatchObject({
      'card.exp_month': CARD_MESSAGES.month,
      'card.exp_year': CARD_MESSAGES.year,
      'card.cvc': CARD_MESSAGES.cvc,
    });
    // Good until the end of its month: May 2030 has expired on 15 June 2030, June has not.
    expect(cardErrors({ ...good, exp_month: '5', exp_year: '2030' }, 'card.', now)['card.exp_year']).toBe(
      CARD_MESSAGES.expired,
    );
    expect(cardErrors({ ...good, exp_month: '6', exp_year: '30' }, 'card.', now)['card.exp_year']).toBeNull();
  });
});
