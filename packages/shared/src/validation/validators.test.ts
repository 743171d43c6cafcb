import { describe, expect, it } from 'vitest';
import {
  companyRegistrationNumber,
  compareFields,
  composeValidators,
  conditionalRequired,
  email,
  largerThan,
  notWhitespace,
  notZero,
  numberField,
} from './validators.js';

describe('email', () => {
  it.each([
    'jane@example.com',
    'jane.doe@example.co.uk',
    'JANE.DOE@EXAMPLE.COM',
    'Jane+giving@Sub.Example.org',
    "o'brien@example.ie",
    'a_b-c@my-charity.org',
    'x@a1.io',
  ])('accepts %s', (value) => {
    expect(email(value)).toBeNull();
  });

  it.each([
    'plainaddress',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@example.c',
    'jane@@example.com',
    'jane doe@example.com',
    ' jane@example.com',
    'jane@example.com ',
    'jane.@example.com',
    '.jane@example.com',
    'jane..doe@example.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
    'jane@exam_ple.com',
  ])('rejects %s with { email: true }', (value) => {
    expect(email(value)).toEqual({ email: true });
  });

  it('rejects non-string values', () => {
    expect(email(42)).toEqual({ email: true });
    expect(email({})).toEqual({ email: true });
  });

  it('leaves blank values to the required check', () => {
    expect(email('')).toBeNull();
    expect(email(null)).toBeNull();
    expect(email(undefined)).toBeNull();
  });

  it('rejects addresses longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(60)}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(email(long)).toEqual({ email: true });
  });
});

describe('notWhitespace', () => {
  it.each([' ', '   ', '\t', '\n', ' \t\n '])('flags the whitespace-only value %j', (value) => {
    expect(notWhitespace(value)).toEqual({ isWhitespace: true });
  });

  it('accepts text with some non-whitespace character', () => {
    expect(notWhitespace('a')).toBeNull();
    expect(notWhitespace('  a  ')).toBeNull();
  });

  it('accepts the empty value and non-strings', () => {
    expect(notWhitespace('')).toBeNull();
    expect(notWhitespace(null)).toBeNull();
    expect(notWhitespace(undefined)).toBeNull();
    expect(notWhitespace(0)).toBeNull();
  });
});

describe('numberField', () => {
  it.each(['0', '7', '0123', '1234567890', 5, 0])('accepts digits only: %j', (value) => {
    expect(numberField(value)).toBeNull();
  });

  it.each(['12a', 'a12', '1.5', '-1', '+1', '1 000', ' 12', '1e3', '١٢', 1.5, -3, Number.NaN])(
    'rejects %j with { number: true }',
    (value) => {
      expect(numberField(value)).toEqual({ number: true });
    },
  );

  it('leaves blank values alone', () => {
    expect(numberField('')).toBeNull();
    expect(numberField(null)).toBeNull();
    expect(numberField(undefined)).toBeNull();
  });
});

describe('largerThan', () => {
  const moreThanTen = largerThan(10);

  it('flags a value equal to the bound, carrying the bound', () => {
    expect(moreThanTen(10)).toEqual({ largerThan: { bound: 10 } });
    expect(moreThanTen('10')).toEqual({ largerThan: { bound: 10 } });
  });

  it('flags a value below the bound', () => {
    expect(moreThanTen(9.99)).toEqual({ largerThan: { bound: 10 } });
    expect(moreThanTen('-20')).toEqual({ largerThan: { bound: 10 } });
  });

  it('accepts a value above the bound', () => {
    expect(moreThanTen(10.01)).toBeNull();
    expect(moreThanTen('11')).toBeNull();
  });

  it('works with a zero or negative bound', () => {
    expect(largerThan(0)(0)).toEqual({ largerThan: { bound: 0 } });
    expect(largerThan(0)(1)).toBeNull();
    expect(largerThan(-5)(-5)).toEqual({ largerThan: { bound: -5 } });
    expect(largerThan(-5)(-4)).toBeNull();
  });

  it('leaves blank and non-numeric values to other checks', () => {
    expect(moreThanTen('')).toBeNull();
    expect(moreThanTen('  ')).toBeNull();
    expect(moreThanTen(null)).toBeNull();
    expect(moreThanTen('abc')).toBeNull();
  });
});

describe('compareFields', () => {
  const samePassword = compareFields('password', 'confirmPassword');

  it('passes when the two fields are equal', () => {
    expect(samePassword({ password: 'secret1', confirmPassword: 'secret1', other: 'x' })).toBeNull();
  });

  it('flags both fields when they differ', () => {
    expect(samePassword({ password: 'secret1', confirmPassword: 'secret2' })).toEqual({
      password: { compareFields: true },
      confirmPassword: { compareFields: true },
    });
  });

  it('is case-sensitive and strict', () => {
    expect(samePassword({ password: 'Secret', confirmPassword: 'secret' })).not.toBeNull();
    expect(compareFields('a', 'b')({ a: 1, b: '1' })).not.toBeNull();
  });

  it('flags both when one field is missing', () => {
    expect(samePassword({ password: 'secret1' })).toEqual({
      password: { compareFields: true },
      confirmPassword: { compareFields: true },
    });
  });

  it('does not flag other fields', () => {
    const result = samePassword({ password: 'a', confirmPassword: 'b', email: 'c' });
    expect(Object.keys(result ?? {}).sort()).toEqual(['confirmPassword', 'password']);
  });
});

describe('companyRegistrationNumber', () => {
  it.each(['SC123456', 'ni012345', 'Oc000001', '01234567', '12345678'])('accepts %s', (value) => {
    expect(companyRegistrationNumber(value)).toBeNull();
  });

  it.each([
    'S1234567',
    'SCO12345',
    'SC12345',
    'SC1234567',
    '1234567',
    '123456789',
    'SC 123456',
    ' 12345678',
    '12345678 ',
    'ABC12345',
    '1A234567',
    'S€123456',
  ])('rejects %j with { registrationNumber: true }', (value) => {
    expect(companyRegistrationNumber(value)).toEqual({ registrationNumber: true });
  });

  it('rejects a number value (leading zeros would be lost)', () => {
    expect(companyRegistrationNumber(12345678)).toEqual({ registrationNumber: true });
  });

  it('leaves blank values alone', () => {
    expect(companyRegistrationNumber('')).toBeNull();
    expect(companyRegistrationNumber(null)).toBeNull();
  });
});

describe('notZero', () => {
  it.each([0, -0, '0', '0.00', '00', ' 0 '])('flags %j', (value) => {
    expect(notZero(value)).toEqual({ notZero: true });
  });

  it.each([1, -1, 0.01, '1', '0.01', '', '  ', null, undefined, 'abc', false])('accepts %j', (value) => {
    expect(notZero(value)).toBeNull();
  });
});

describe('conditionalRequired', () => {
  const missing = [null, undefined, 'undefined', 0, ''];

  it.each(missing)('flags %j when the flag is on', (value) => {
    expect(conditionalRequired(true)(value)).toEqual({ required: true });
  });

  it.each(missing)('accepts %j when the flag is off', (value) => {
    expect(conditionalRequired(false)(value)).toBeNull();
  });

  it.each(['a', 1, -1, '0', ' ', 'null', false, [], {}])('accepts the present value %j when on', (value) => {
    expect(conditionalRequired(true)(value)).toBeNull();
  });

  it('reads a function flag at check time', () => {
    let on = false;
    const check = conditionalRequired(() => on);
    expect(check('')).toBeNull();
    on = true;
    expect(check('')).toEqual({ required: true });
  });
});

describe('composeValidators', () => {
  it('merges the errors of every failing check', () => {
    const check = composeValidators(numberField, largerThan(5), notZero);
    expect(check('0')).toEqual({ largerThan: { bound: 5 }, notZero: true });
    expect(check('x')).toEqual({ number: true });
    expect(check('6')).toBeNull();
  });

  it('passes when there are no checks', () => {
    expect(composeValidators()('anything')).toBeNull();
  });
});
