import { z } from 'zod';
import { MAX_INT_ID, PAGE_LIMIT_DEFAULT, PAGE_LIMIT_MAX } from './limits.js';

export const placeIdSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_INT_ID, { message: 'Choose a place from the list.' });

/** Query of every keyset-paged list (docs/product/wire-contract.md#keyset-pages). */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  cursor: z.string().min(1).max(500).optional(),
  direction: z.enum(['after', 'before']).default('after'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    next_cursor: z.string().nullable(),
    prev_cursor: z.string().nullable(),
  });
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  prev_cursor: string | null;
}
