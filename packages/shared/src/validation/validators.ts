/**
 * Reusable form checks (docs/product/limits-and-messages.md#form-checks).
 *
 * Each check is a pure function returning `null` when the value is valid, or an error object whose
 * key is the one the web turns into a sentence. Checks other than `conditionalRequired` leave blank values
 * (null, undefined, '') alone: whether a field must be filled in is the job of a required check,
 * so checks can be combined freely.
 */

/** Errors of one value, keyed by error name. */
export type ValidationErrors = Record<string, unknown>;

/** A check of one value. */
export type Validator<E extends ValidationErrors = ValidationErrors> = (value: unknown) => E | null;

function isBlank(value: unknown): value is null | undefined | '' {
  return value === null || value === undefined || value === '';
}

/** A string for a string or a finite number; `null` for anything else. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A standard e-mail address: dot-separated atoms, '@', dot-separated domain labels, a 2+ letter top level. */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Email: must match a standard address pattern, case-insensitive. */
export function email(value: unknown): { email: true } | null {
  if (isBlank(value)) return null;
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value)
    ? null
    : { email: true };
}

/** Not-whitespace: a non-empty value made only of whitespace is an error. */
export function notWhitespace(value: unknown): { isWhitespace: true } | null {
  return typeof value === 'string' && value.length > 0 && value.trim().length === 0
    ? { isWhitespace: true }
    : null;
}

/** Number field: digits only (no sign, no decimal point, no spaces). */
export function numberField(value: unknown): { number: true } | null {
  if (isBlank(value)) return null;
  const text = asText(value);
  return text !== null && /^[0-9]+$/.test(text) ? null : { number: true };
}

/**
 * Larger-than: a numeric value less than or equal to `bound` is an error carrying the bound.
 * Blank and non-numeric values are left to other checks.
 */
export function largerThan(bound: number): Validator<{ largerThan: { bound: number } }> {
  return (value) => {
    if (isBlank(value)) return null;
    const text = asText(value);
    if (text === null || text.trim() === '') return null;
    const n = Number(text);
    if (Number.isNaN(n)) return null;
    return n <= bound ? { largerThan: { bound } } : null;
  };
}

/**
 * Compare fields: the fields named `a` and `b` of a form's values must be equal (strict equality);
 * otherwise both are flagged: `{ [a]: { compareFields: true }, [b]: { compareFields: true } }`.
 */
export function compareFields(
  a: string,
  b: string,
): (values: Readonly<Record<string, unknown>>) => Record<string, { compareFields: true }> | null {
  return (values) =>
    values[a] === values[b] ? null : { [a]: { compareFields: true }, [b]: { compareFields: true } };
}

/** UK company registration number: two letters followed by six digits, or eight digits. */
export const REGISTRATION_NUMBER_PATTERN = /^(?:[A-Za-z]{2}[0-9]{6}|[0-9]{8})$/;

/** Company registration number: two letters followed by six digits, or eight digits. */
export function companyRegistrationNumber(value: unknown): { registrationNumber: true } | null {
  if (isBlank(value)) return null;
  return typeof value === 'string' && REGISTRATION_NUMBER_PATTERN.test(value)
    ? null
    : { registrationNumber: true };
}

/** Not-zero: a value of 0 (the number, or text such as '0' or '0.00') is an error. */
export function notZero(value: unknown): { notZero: true } | null {
  if (value === 0) return { notZero: true };
  if (typeof value === 'string' && value.trim() !== '' && Number(value) === 0) return { notZero: true };
  return null;
}

/**
 * Conditional required: when `flag` is on (a boolean, or a function read at check time),
 * null, undefined, the text 'undefined', 0 and '' are errors.
 */
export function conditionalRequired(flag: boolean | (() => boolean)): Validator<{ required: true }> {
  return (value) => {
    const on = typeof flag === 'function' ? flag() : flag;
    if (!on) return null;
    return value === null || value === undefined || value === 'undefined' || value === 0 || value === ''
      ? { required: true }
      : null;
  };
}

/** Runs several checks on one value and merges their errors; `null` when all pass. */
export function composeValidators(...validators: readonly Validator[]): Validator {
  return (value) => {
    let errors: ValidationErrors | null = null;
    for (const validator of validators) {
      const result = validator(value);
      if (result) errors = { ...(errors ?? {}), ...result };
    }
    return errors;
  };
}

/**
 * The sentence of a whole-number field (decision 036): 'Enter a whole number of hours between 1
 * and 10,000.' Typed input is refused with it, never rounded, turned positive or clamped.
 */
export function wholeNumberMessage(min: number, max: number, unit?: string): string {
  const range = `between ${min.toLocaleString('en-GB')} and ${max.toLocaleString('en-GB')}`;
  return unit ? `Enter a whole number of ${unit} ${range}.` : `Enter a whole number ${range}.`;
}

/** A typed whole number ('12', ' 1,500 ') as a number; null for anything else ('-3', '2.5', ''). */
export function parseWholeNumber(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  const digits = text.trim().replace(/,(?=\d{3}(?:\D|$))/g, '');
  if (!/^\d+$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** Whether a typed value is a whole number from `min` to `max`. */
export function isWholeNumberIn(value: unknown, min: number, max: number): boolean {
  const n = parseWholeNumber(value);
  return n !== null && n >= min && n <= max;
}
