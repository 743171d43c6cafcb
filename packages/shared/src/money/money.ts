/**
 * Money display and entry (docs/product/money.md#amounts): amounts are integers in minor units; they are
 * displayed divided by 100 with two decimals, a trailing .00 dropped.
 */

/** The default currency (docs/product/money.md#amounts). */
export const DEFAULT_CURRENCY = 'INR';

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, found);
  }
  return found;
}

/**
 * Formats an amount in minor units: 123456 -> '₹1,234.56', 150000 -> '₹1,500', -2550 -> '-₹25.50'.
 * The amount is converted exactly (no floating-point division). Throws a RangeError when
 * `minorUnits` is not a safe integer.
 */
export function formatMoney(
  minorUnits: number,
  currency: string = DEFAULT_CURRENCY,
  locale = 'en-GB',
): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`Money amounts are whole minor units; got ${minorUnits}`);
  }
  const negative = minorUnits < 0;
  const abs = Math.abs(minorUnits);
  const major = Math.trunc(abs / 100);
  const minor = abs % 100;
  const decimal = `${negative ? '-' : ''}${major}.${String(minor).padStart(2, '0')}`;
  // Intl formats a decimal string exactly; whole amounts are formatted without decimals.
  return formatter(currency, locale, minor === 0 ? 0 : 2).format(decimal as Intl.StringNumericLiteral);
}

/**
 * Parses a user-typed amount in major units into minor units: '12.5' -> 1250, '0.07' -> 7,
 * ' 1500 ' -> 150000. Digits with an optional '.' and at most two decimals; surrounding spaces are
 * ignored. Negative amounts, signs, separators, exponents, more than two decimals and amounts
 * beyond the safe integer range give `null`.
 */
export function toMinorUnits(text: string): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const minorUnits = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minorUnits) ? minorUnits : null;
}

/**
 * An amount in minor units as an amount field takes it, in major units: 2500 -> '25',
 * 2550 -> '25.50', 150050 -> '1500.50' (exact: no floating-point division, no separators).
 */
export function toAmountText(minorUnits: number): string {
  const sign = minorUnits < 0 ? '-' : '';
  const abs = Math.abs(minorUnits);
  const major = Math.trunc(abs / 100);
  const minor = abs % 100;
  return `${sign}${major}${minor === 0 ? '' : `.${String(minor).padStart(2, '0')}`}`;
}

/** An amount in minor units as a number of major units, for charts' scales: 2550 -> 25.5. */
export function toMajorUnits(minorUnits: number): number {
  return minorUnits / 100;
}

/** The currency's symbol as `formatMoney` writes it ('₹' for INR), for an amount field. */
export function currencySymbol(currency: string, locale = 'en-GB'): string {
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency;
  } catch {
    return currency;
  }
}
