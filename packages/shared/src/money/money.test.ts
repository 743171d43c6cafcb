import { describe, expect, it } from 'vitest';
import { DEFAULT_CURRENCY, formatMoney, toAmountText, toMajorUnits, toMinorUnits } from './money.js';

describe('DEFAULT_CURRENCY', () => {
  it('is INR', () => {
    expect(DEFAULT_CURRENCY).toBe('INR');
  });
});

describe('formatMoney', () => {
  it('divides by 100 and shows two decimals', () => {
    expect(formatMoney(123456)).toBe('₹1,234.56');
    expect(formatMoney(1)).toBe('₹0.01');
    expect(formatMoney(10)).toBe('₹0.10');
    expect(formatMoney(1250)).toBe('₹12.50');
    expect(formatMoney(199)).toBe('₹1.99');
  });

  it('drops a trailing .00', () => {
    expect(formatMoney(150000)).toBe('₹1,500');
    expect(formatMoney(100)).toBe('₹1');
    expect(formatMoney(0)).toBe('₹0');
  });

  it('keeps the sign of negative amounts', () => {
    expect(formatMoney(-2550)).toBe('-₹25.50');
    expect(formatMoney(-150000)).toBe('-₹1,500');
    expect(formatMoney(-1)).toBe('-₹0.01');
  });

  it('does not show negative zero', () => {
    expect(formatMoney(-0)).toBe('₹0');
  });

  it('groups thousands in large amounts', () => {
    expect(formatMoney(1234567890)).toBe('₹12,345,678.90');
  });

  it('is exact up to the largest safe integer', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe('₹90,071,992,547,409.91');
    expect(formatMoney(-Number.MAX_SAFE_INTEGER)).toBe('-₹90,071,992,547,409.91');
  });

  it('takes another currency and locale', () => {
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatMoney(150000, 'GBP')).toBe('£1,500');
    expect(formatMoney(123456, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(150000, 'EUR', 'de-DE')).toBe('1.500\u00a0€');
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'throws a RangeError for %s, which is not a whole number of minor units',
    (value) => {
      expect(() => formatMoney(value)).toThrow(RangeError);
    },
  );
});

describe('toMinorUnits', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['12', 1200],
    ['12.', 1200],
    ['.5', 50],
    ['0.07', 7],
    ['0.1', 10],
    ['0.29', 29],
    ['1.15', 115],
    ['4.35', 435],
    ['1005.99', 100599],
    ['0', 0],
    ['007', 700],
    [' 1500 ', 150000],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('parses %j as %d', (text, expected) => {
    expect(toMinorUnits(text)).toBe(expected);
  });

  it('is exact for every amount of cents below 100 units (no floating-point drift)', () => {
    for (let minor = 0; minor < 10000; minor++) {
      const text = `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
      expect(toMinorUnits(text)).toBe(minor);
    }
  });

  it.each([
    '',
    '   ',
    '.',
    '12.345',
    '0.001',
    '-1',
    '-0.5',
    '+1',
    'abc',
    '12a',
    '1,234.56',
    '1 234',
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    '1.2.3',
    '₹12',
    '90071992547409.92',
    '99999999999999999',
  ])('rejects %j', (text) => {
    expect(toMinorUnits(text)).toBeNull();
  });

  it('rejects a value that is not a string', () => {
    expect(toMinorUnits(12 as unknown as string)).toBeNull();
  });
});

describe('toAmountText', () => {
  it.each([
    [2500, '25'],
    [2550, '25.50'],
    [150050, '1500.50'],
    [7, '0.07'],
    [0, '0'],
    [-2550, '-25.50'],
  ])('%i minor units read %s in an amount field', (minor, expected) => {
    expect(toAmountText(minor)).toBe(expected);
  });

  it('gives back what toMinorUnits reads', () => {
    for (const minor of [1, 99, 100, 12345, 900001]) expect(toMinorUnits(toAmountText(minor))).toBe(minor);
  });
});

describe('toMajorUnits', () => {
  it('divides by 100', () => {
    expect(toMajorUnits(2550)).toBe(25.5);
  });
});
