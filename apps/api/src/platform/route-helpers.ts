import type { FastifyContextConfig, FastifySchema } from 'fastify';
import { z } from 'zod';

/** What every route file repeats, written once. */

/** The OpenAPI security of a signed-in route: the bearer token. */
export const security = [{ bearer: [] }];

/** A path parameter that is a row's id: a positive whole number (`/project/:id`). */
export const idParam = z.coerce.number().int().positive();

/**
 * Path parameters that are all ids, in the order given: `idParams('charity_id', 'user_id')`;
 * `idParams()` is `{ id }`.
 */
export function idParams(): z.ZodObject<{ id: typeof idParam }>;
export function idParams<const Names extends readonly [string, ...string[]]>(
  ...names: Names
): z.ZodObject<{ [Name in Names[number]]: typeof idParam }>;
export function idParams(...names: string[]) {
  return z.object(Object.fromEntries((names.length > 0 ? names : ['id']).map((name) => [name, idParam])));
}

/**
 * The headers of a money-moving call: an optional Idempotency-Key (read by `idempotencyOf`, which
 * refuses a malformed one). Other headers pass through untouched.
 */
export const idempotencyHeader = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Optional, 1 to 200 visible characters: a retry with the same key answers the first result and moves no money again.',
    ),
});

/** What a route adds to its config beyond who may call it (a stricter rate limit, say). */
type ExtraConfig = Omit<FastifyContextConfig, 'auth'>;

/**
 * The options of the routes a file registers under one set of OpenAPI tags, so that each route
 * states only its summary and its own schema: `route.user(...)` for a signed-in caller (the bearer
 * security), `route.public(...)` for anyone.
 */
export function routeOptions(tags: string[]) {
  return {
    user: <Schema extends FastifySchema>(summary: string, schema: Schema, config?: ExtraConfig) => ({
      config: { ...config, auth: 'user' as const },
      schema: { tags, security, summary, ...schema },
    }),
    public: <Schema extends FastifySchema>(summary: string, schema: Schema, config?: ExtraConfig) => ({
      config: { ...config, auth: 'public' as const },
      schema: { tags, summary, ...schema },
    }),
  };
}

/** A file's route options under one set of tags, for a helper that registers routes of its own. */
export type RouteOptions = ReturnType<typeof routeOptions>;
