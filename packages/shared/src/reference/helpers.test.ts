import { describe, expect, it } from 'vitest';
import { codesOf, isCodeOf, labelOf } from './helpers.js';
import { GENDERS, PROJECT_STATUSES, TRANSACTION_STATUSES } from './lists.js';

describe('labelOf', () => {
  it('finds the label of a numeric code', () => {
    expect(labelOf(TRANSACTION_STATUSES, 40)).toBe('Awaiting platform admin approval');
    expect(labelOf(PROJECT_STATUSES, 9)).toBe('Finished');
  });

  it('finds the label of code 0 (not treated as missing)', () => {
    expect(labelOf(PROJECT_STATUSES, 0)).toBe('Cancelled');
  });

  it('finds the label of a string code', () => {
    expect(labelOf(GENDERS, 'prefer-not-to-say')).toBe('Prefer not to say');
  });

  it('gives undefined for an unknown, missing or differently typed code', () => {
    expect(labelOf(PROJECT_STATUSES, 4)).toBeUndefined();
    expect(labelOf(PROJECT_STATUSES, null)).toBeUndefined();
    expect(labelOf(PROJECT_STATUSES, undefined)).toBeUndefined();
    expect(labelOf(PROJECT_STATUSES, '2')).toBeUndefined();
  });

  it('narrows the label type for a known code', () => {
    const label: 'Live' = labelOf(PROJECT_STATUSES, 2);
    expect(label).toBe('Live');
  });
});

describe('codesOf', () => {
  it('lists the codes in order', () => {
    expect(codesOf(PROJECT_STATUSES)).toEqual([0, 1, 2, 3, 9]);
    expect(codesOf(GENDERS)).toEqual([
      'male',
      'female',
      'trans-male',
      'trans-female',
      'gender-neutral',
      'other',
      'prefer-not-to-say',
    ]);
  });
});

describe('isCodeOf', () => {
  it('accepts codes of the list only, with strict equality', () => {
    expect(isCodeOf(TRANSACTION_STATUSES, 85)).toBe(true);
    expect(isCodeOf(TRANSACTION_STATUSES, 50)).toBe(false);
    expect(isCodeOf(TRANSACTION_STATUSES, '85')).toBe(false);
    expect(isCodeOf(GENDERS, 'other')).toBe(true);
    expect(isCodeOf(GENDERS, 'Other')).toBe(false);
    expect(isCodeOf(GENDERS, undefined)).toBe(false);
  });
});
