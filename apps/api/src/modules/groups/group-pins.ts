import { randomInt } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { groupsRepository } from './groups.repository.js';

/** Wrong PINs a person may try in PIN_WINDOW_MS before joining is refused (decision 026). */
export const PIN_FAILURES_ALLOWED = 10;
/**
 * Wrong PINs one address may try in PIN_WINDOW_MS, whoever signs in there (decision 035): new
 * accounts behind one address get no fresh guesses; an office sharing an address has room to mistype.
 */
export const PIN_FAILURES_PER_ADDRESS = 30;
export const PIN_WINDOW_MS = 60 * 60 * 1000;

/**
 * A 6-digit PIN without a leading 0 (the PIN key filter never lets one be typed:
 * docs/product/limits-and-messages.md#form-checks).
 */
const newPin = () => String(randomInt(100_000, 1_000_000));

/** A PIN no other group uses (tries again on the rare clash). */
export async function freePin(executor: Executor): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const pin = newPin();
    if (!(await groupsRepository.pinExists(executor, pin))) return pin;
  }
  throw new AppError(503, 'PIN_UNAVAILABLE', 'No free PIN was found. Try again.');
}
