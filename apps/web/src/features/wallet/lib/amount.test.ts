import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, amountError, checkAmount, currencySymbol, parseAmount } from './amount';

describe('amount parsing and validation', () => {
  it.each([
    ['250', 25_000],
    ['99.5', 9_950],
    ['99.50', 9_950],
    ['0.07', 7],
    [' 1500 ', 150_000],
    ['.5', 50],
    ['123.45', 12_345],
  ])('reads %j as %i minor units', (text, minor) => {
    expect(parseAmount(text)).toBe(minor);
    expect(amountError(text)).toBeNull();
  });

  it.each([
    ['', AMOUNT_MESSAGES.required],
    ['   ', AMOUNT_MESSAGES.required],
    ['0', AMOUNT_MESSAGES.notZero],
    ['0.00', AMOUNT_MESSAGES.notZero],
    ['.00', AMOUNT_MESSAGES.notZero],
    ['-5', AMOUNT_MESSAGES.largerThan],
    ['-0.01', AMOUNT_MESSAGES.largerThan],
    ['1.234', AMOUNT_MESSAGES.decimals],
    ['0.001', AMOUNT_MESSAGES.decimals],
    ['1,000', AMOUNT_MESSAGES.format],
    ['1e3', AMOUNT_MESSAGES.format],
    ['+5', AMOUNT_MESSAGES.format],
    ['12abc', AMOUNT_MESSAGES.format],
    ['.', AMOUNT_MESSAGES.format],
  ])('refuses %j: %s', (text, message) => {
    expect(checkAmount(text)).toEqual({ ok: false, message });
    expect(parseAmount(text)).toBeNull();
  });

  it('refuses amounts beyond what one call may move', () => {
    expect(parseAmount('10000000000')).toBe(1_000_000_000_000);
    expect(amountError('10000000000.01')).toBe('The amount is too large.');
    expect(amountError('99999999999999999999')).not.toBeNull();
  });

  it("gives the currency's symbol for the field", () => {
    expect(currencySymbol('INR')).toBe('₹');
    expect(currencySymbol('GBP')).toBe('£');
    expect(currencySymbol('nope')).toBe('nope');
  });
});
