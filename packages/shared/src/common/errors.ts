import { z } from 'zod';

/** The public error body of every failed call (domain.md §1). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The message of the 401 answered for an expired token; the client logs out when it sees it. */
export const TOKEN_EXPIRED_MESSAGE = 'Token Expired';

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
