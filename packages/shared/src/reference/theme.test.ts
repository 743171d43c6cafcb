import { describe, expect, it } from 'vitest';
import { ACCOUNT_KIND } from './lists.js';
import { accountKindName, PALETTE, THEME_COLOURS, themeColourOf } from './theme.js';

describe('THEME_COLOURS', () => {
  it('has the product colour for every account kind', () => {
    expect(THEME_COLOURS).toEqual({
      individual: '#f7ae28',
      charity: '#74c095',
      organisation: '#272826',
      franchise: '#3B2B45',
      default: '#f7ae28',
    });
  });

  it('has one colour per account kind', () => {
    expect(Object.keys(THEME_COLOURS).sort()).toEqual(Object.keys(ACCOUNT_KIND).sort());
  });
});

describe('PALETTE', () => {
  it('has the fixed palette colours', () => {
    expect(PALETTE).toEqual({ green: '#30d68f', red: '#ff256d', body: '#efeff4', yellowWarning: '#ffe399' });
  });
});

describe('accountKindName', () => {
  it('maps reading-A codes to names', () => {
    expect(accountKindName(1)).toBe('individual');
    expect(accountKindName(2)).toBe('charity');
    expect(accountKindName(3)).toBe('organisation');
    expect(accountKindName(4)).toBe('franchise');
    expect(accountKindName(5)).toBe('default');
  });

  it('falls back to default for unknown or missing codes', () => {
    expect(accountKindName(7)).toBe('default');
    expect(accountKindName(null)).toBe('default');
    expect(accountKindName(undefined)).toBe('default');
  });
});

describe('themeColourOf', () => {
  it('takes a name or a reading-A code', () => {
    expect(themeColourOf('charity')).toBe('#74c095');
    expect(themeColourOf(3)).toBe('#272826');
    expect(themeColourOf(ACCOUNT_KIND.franchise)).toBe('#3B2B45');
  });

  it('uses the default colour for unknown kinds', () => {
    expect(themeColourOf(42)).toBe('#f7ae28');
    expect(themeColourOf(null)).toBe('#f7ae28');
    expect(themeColourOf('toString' as never)).toBe('#f7ae28');
  });
});
