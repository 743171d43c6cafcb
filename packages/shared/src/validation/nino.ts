/**
 * UK National Insurance number (HMRC rules): two prefix letters, six digits, a suffix A-D.
 * - Neither prefix letter is D, F, I, Q, U or V; the second letter is not O.
 * - The prefixes BG, GB, NK, KN, TN, NT and ZZ are not allocated.
 * Spaces are ignored and letters may be in either case.
 */
export const NINO_PATTERN = /^(?!BG|GB|NK|KN|TN|NT|ZZ)[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z][0-9]{6}[A-D]$/;

/** Upper case, without spaces: 'ab 12 34 56 c' -> 'AB123456C'. */
export function normaliseNino(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Whether `value` is a valid UK National Insurance number. */
export function isValidNino(value: string | null | undefined): boolean {
  if (typeof value !== 'string') return false;
  return NINO_PATTERN.test(normaliseNino(value));
}
