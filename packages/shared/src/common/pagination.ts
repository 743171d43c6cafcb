import { z } from 'zod';

/** Largest id of a 4-byte integer column (places): larger ones are refused as bad input. */
export const MAX_INT_ID = 2_147_483_647;
export const placeIdSchema = z
  .number()
  .int()
  .positive()
  .max(MAX_INT_ID, { message: 'Choose a place from the list.' });

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

/** Query of every keyset-paged list (domain.md §1). */
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
