import { describe, expect, it } from 'vitest';
import { isValidNino, normaliseNino } from './nino.js';

describe('normaliseNino', () => {
  it('upper-cases and removes spaces', () => {
    expect(normaliseNino('ab 12 34 56 c')).toBe('AB123456C');
    expect(normaliseNino('  Ab123456c ')).toBe('AB123456C');
    expect(normaliseNino('AB123456C')).toBe('AB123456C');
  });
});

describe('isValidNino', () => {
  it.each([
    'AB123456C',
    'ab123456c',
    'AB 12 34 56 C',
    ' jg 10 37 25 a ',
    'CE000000D',
    'ZY999999B',
    'OA123456A',
  ])('accepts %j', (value) => {
    expect(isValidNino(value)).toBe(true);
  });

  it.each(['A', 'B', 'C', 'D'])('accepts suffix %s', (suffix) => {
    expect(isValidNino(`AB123456${suffix}`)).toBe(true);
  });

  it.each(['E', 'F', 'Z', '1', ' '])('rejects suffix %j', (suffix) => {
    expect(isValidNino(`AB123456${suffix}`)).toBe(false);
  });

  it('rejects a missing suffix', () => {
    expect(isValidNino('AB123456')).toBe(false);
  });

  it.each(['D', 'F', 'I', 'Q', 'U', 'V'])('rejects %s as first letter', (letter) => {
    expect(isValidNino(`${letter}A123456A`)).toBe(false);
  });

  it.each(['D', 'F', 'I', 'Q', 'U', 'V', 'O'])('rejects %s as second letter', (letter) => {
    expect(isValidNino(`A${letter}123456A`)).toBe(false);
  });

  it('accepts O as first letter', () => {
    expect(isValidNino('OB123456A')).toBe(true);
  });

  it.each(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ'])('rejects the unallocated prefix %s', (prefix) => {
    expect(isValidNino(`${prefix}123456A`)).toBe(false);
    expect(isValidNino(`${prefix.toLowerCase()} 12 34 56 a`)).toBe(false);
  });

  it('accepts prefixes next to the unallocated ones', () => {
    for (const prefix of ['BH', 'GA', 'NL', 'KM', 'TM', 'NS', 'ZY', 'YZ']) {
      expect(isValidNino(`${prefix}123456A`)).toBe(true);
    }
  });

  it('accepts every allowed letter pair and rejects every other', () => {
    const banned = new Set([...'DFIQUV']);
    const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
    const unallocated = new Set(['BG', 'GB', 'NK', 'KN', 'TN', 'NT', 'ZZ']);
    for (const first of letters) {
      for (const second of letters) {
        const allowed =
          !banned.has(first) && !banned.has(second) && second !== 'O' && !unallocated.has(first + second);
        expect(isValidNino(`${first}${second}123456A`), first + second).toBe(allowed);
      }
    }
  });

  it.each([
    'AB12345C',
    'AB1234567C',
    'AB12345XC',
    'A1123456C',
    '12123456C',
    'AB123456CC',
    'AB-12-34-56-C',
    '',
  ])('rejects the malformed %j', (value) => {
    expect(isValidNino(value)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isValidNino(null)).toBe(false);
    expect(isValidNino(undefined)).toBe(false);
  });
});
