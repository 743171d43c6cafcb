import { ACCOUNT_KINDS, type AccountKindCode, type AccountKindName } from './lists.js';

/** Primary theme colour per account kind (docs/product/limits-and-messages.md#theme-colours). */
export const THEME_COLOURS = {
  individual: '#f7ae28',
  charity: '#74c095',
  organisation: '#272826',
  franchise: '#3B2B45',
  default: '#f7ae28',
} as const satisfies Record<AccountKindName, string>;

/** Fixed colours of the interface (docs/product/limits-and-messages.md#theme-colours). */
export const PALETTE = {
  green: '#30d68f',
  red: '#ff256d',
  body: '#efeff4',
  yellowWarning: '#ffe399',
} as const;

const KIND_NAMES: Record<AccountKindCode, AccountKindName> = {
  1: 'individual',
  2: 'charity',
  3: 'organisation',
  4: 'franchise',
  5: 'default',
};

/** The account kind name of a reading-A code; unknown or missing codes give 'default'. */
export function accountKindName(code: number | null | undefined): AccountKindName {
  const found = ACCOUNT_KINDS.find((kind) => kind.id === code);
  return found ? KIND_NAMES[found.id] : 'default';
}

/** The theme colour of an account kind, by name or reading-A code; unknown kinds use the default. */
export function themeColourOf(kind: AccountKindName | number | null | undefined): string {
  if (typeof kind === 'string') {
    return Object.hasOwn(THEME_COLOURS, kind) ? THEME_COLOURS[kind] : THEME_COLOURS.default;
  }
  return THEME_COLOURS[accountKindName(kind)];
}
