import { z } from 'zod';

/** Typed-in text: trimmed, at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max);

/** Optional typed-in text where an emptied field means "none": '' becomes null. */
export const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
