/**
 * Key filters of input fields (docs/product/limits-and-messages.md#form-checks): pure functions of
 * the field's current value and the `KeyboardEvent.key` of the key pressed, giving `true` when the
 * key may go through. Backspace is always let through so the field can still be corrected.
 */

/** A key filter: `true` allows the key. */
export type KeyFilter = (currentValue: string, key: string) => boolean;

/** Length of a pin code (docs/product/limits-and-messages.md#form-checks). */
export const PIN_LENGTH = 6;

const BACKSPACE = 'Backspace';

/** Letters only: a-z, A-Z and Backspace. */
export const lettersOnly: KeyFilter = (_currentValue, key) => key === BACKSPACE || /^[a-zA-Z]$/.test(key);

/** Digits only: 0-9 (and Backspace). */
export const digitsOnly: KeyFilter = (_currentValue, key) => key === BACKSPACE || /^[0-9]$/.test(key);

/**
 * Pin code: digits only (and Backspace), and a '0' is blocked when the field is empty (no leading
 * zero) or already has `PIN_LENGTH` characters.
 */
export const pinCode: KeyFilter = (currentValue, key) => {
  if (!digitsOnly(currentValue, key)) return false;
  if (key === '0' && (currentValue.length === 0 || currentValue.length >= PIN_LENGTH)) return false;
  return true;
};
