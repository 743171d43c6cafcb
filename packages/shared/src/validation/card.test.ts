import { describe, expect, it } from 'vitest';
import { luhnValid } from './card.js';

describe('luhnValid', () => {
  it('accepts the test cards and refuses a mistyped digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('refuses anything but digits', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(false);
    expect(luhnValid('')).toBe(false);
  });
});
