import { describe, expect, it } from 'vitest';
import { digitsOnly, lettersOnly, PIN_LENGTH, pinCode } from './key-filters.js';

const LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const DIGITS = [...'0123456789'];

describe('lettersOnly', () => {
  it('allows every letter a-z and A-Z', () => {
    for (const key of LETTERS) expect(lettersOnly('', key)).toBe(true);
  });

  it('allows Backspace', () => {
    expect(lettersOnly('abc', 'Backspace')).toBe(true);
  });

  it.each([...DIGITS, ' ', '-', "'", '.', 'é', 'ß', 'Ω', 'Enter', 'Tab', 'Shift', 'ab', ''])(
    'blocks %j',
    (key) => {
      expect(lettersOnly('abc', key)).toBe(false);
    },
  );
});

describe('digitsOnly', () => {
  it('allows every digit', () => {
    for (const key of DIGITS) expect(digitsOnly('', key)).toBe(true);
  });

  it('allows Backspace', () => {
    expect(digitsOnly('12', 'Backspace')).toBe(true);
  });

  it.each(['a', 'Z', ' ', '.', ',', '-', '+', 'e', '٣', 'Enter', '12', ''])('blocks %j', (key) => {
    expect(digitsOnly('12', key)).toBe(false);
  });
});

describe('pinCode', () => {
  it('has length 6', () => {
    expect(PIN_LENGTH).toBe(6);
  });

  it('blocks a leading 0 in an empty field', () => {
    expect(pinCode('', '0')).toBe(false);
  });

  it('allows other digits in an empty field', () => {
    for (const key of DIGITS.slice(1)) expect(pinCode('', key)).toBe(true);
  });

  it('allows 0 after the first character and before the sixth', () => {
    for (const current of ['1', '12', '123', '1234', '12345']) expect(pinCode(current, '0')).toBe(true);
  });

  it('blocks 0 when the field already has 6 characters', () => {
    expect(pinCode('123456', '0')).toBe(false);
  });

  it('blocks non-digits whatever the field holds', () => {
    for (const current of ['', '12', '123456']) {
      expect(pinCode(current, 'a')).toBe(false);
      expect(pinCode(current, ' ')).toBe(false);
      expect(pinCode(current, '.')).toBe(false);
    }
  });

  it('allows Backspace, also in a full field', () => {
    expect(pinCode('123456', 'Backspace')).toBe(true);
    expect(pinCode('', 'Backspace')).toBe(true);
  });
});
