import { pageQuerySchema, pageSchema } from '@kindred/shared';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { type IdempotencyRequest, idempotencyOf } from '../lib/idempotency.js';
import { currentUser } from '../plugins/auth.js';
import type { Services } from '../services.js';

/** What every route file repeats, written once. */

/** The OpenAPI security of a signed-in route: the bearer token. */
const security = [{ bearer: [] }];

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

/**
 * The Idempotency-Key of a signed-in caller's money call: its scope is the caller, and what `of`
 * adds when one key must not serve two things (`refund:12`).
 */
export function callerIdempotency(request: FastifyRequest, of?: string): IdempotencyRequest {
  const caller = `user:${currentUser(request).id}`;
  return idempotencyOf(request, of === undefined ? caller : `${caller} ${of}`);
}

/**
 * A route's schema as a route file states it: Fastify's schema, where `answers` stands for the
 * response of a call that answers what it read or changed (200) and `makes` for that of a call that
 * makes something (201, sent with `created`).
 */
type RouteSchema = FastifySchema & { answers?: z.ZodType; makes?: z.ZodType };

/** Fastify's schema of a `RouteSchema`: its `answers` or `makes` as its response. */
type FullSchema<Schema extends RouteSchema> = Omit<Schema, 'answers' | 'makes'> &
  (Schema extends { answers: infer Answer }
    ? { response: { 200: Answer } }
    : Schema extends { makes: infer Made }
      ? { response: { 201: Made } }
      : unknown);

function fullSchema<Schema extends RouteSchema>(schema: Schema): FullSchema<Schema> {
  const { answers, makes, ...rest } = schema;
  if (answers) return { ...rest, response: { 200: answers } } as FullSchema<Schema>;
  if (makes) return { ...rest, response: { 201: makes } } as FullSchema<Schema>;
  return rest as FullSchema<Schema>;
}

/** What a route adds to its config beyond who may call it (a stricter rate limit, say). */
type ExtraConfig = Omit<FastifyContextConfig, 'auth'>;

/**
 * The options of the routes a file registers under one set of OpenAPI tags, so that each route
 * states only its summary and its own schema (a `RouteSchema`: `answers` or `makes` for its response): `route.user(...)` for a signed-in caller (the bearer
 * security), `route.money(...)` for a signed-in caller's money call, `route.public(...)` for anyone.
 */
export function routeOptions(tags: string[]) {
  return {
    user: <Schema extends RouteSchema>(summary: string, schema: Schema, config?: ExtraConfig) => ({
      config: { ...config, auth: 'user' as const },
      schema: {
        tags,
        // A call an API token may make says which scope it needs.
        security: config?.scope ? [...security, { apiToken: [config.scope] }] : security,
        summary,
        ...fullSchema(schema),
        ...(config?.scope
          ? {
              description: [
                schema.description,
                `An API token with the scope \`${config.scope}\` may make this call, for its own account.`,
              ]
                .filter(Boolean)
                .join(' '),
            }
          : {}),
      },
    }),
    /** A signed-in caller's money call: `user` with the Idempotency-Key header (`callerIdempotency`). */
    money: <Schema extends RouteSchema>(summary: string, schema: Schema, config?: ExtraConfig) => ({
      config: { ...config, auth: 'user' as const },
      schema: { tags, security, summary, ...fullSchema(schema), headers: idempotencyHeader },
    }),
    public: <Schema extends RouteSchema>(summary: string, schema: Schema, config?: ExtraConfig) => ({
      config: { ...config, auth: 'public' as const },
      schema: { tags, summary, ...fullSchema(schema) },
    }),
  };
}

/** A file's route options under one set of tags, for a helper that registers routes of its own. */
export type RouteOptions = ReturnType<typeof routeOptions>;

/** The app a module's routes register on: Fastify with zod schemas. */
type RouteApp = Parameters<FastifyPluginAsyncZod>[0];

/** A module's routes as app.ts registers them: a plugin made from the app's context and services. */
export function moduleRoutes(
  register: (app: RouteApp, services: Services, ctx: AppContext) => Promise<void>,
): (ctx: AppContext, services: Services) => FastifyPluginAsyncZod {
  return (ctx, services) => (app) => register(app, services, ctx);
}

/**
 * Answers 201 Created with what the call made; the reply's 201 schema types what it may send.
 */
export async function created<Made, Sent>(
  reply: { status(code: 201): { send(payload: Made): Sent } },
  made: Promise<NoInfer<Made>>,
): Promise<Sent> {
  return reply.status(201).send(await made);
}

/** The schema of a keyset-paged list of items: the shared page query and the page it answers. */
export function paged<Item extends z.ZodType>(item: Item) {
  return { querystring: pageQuerySchema, response: { 200: pageSchema(item) } };
}

/** Sends a file to be saved rather than shown: its content type, the name it is saved under, its bytes. */
export function sendAttachment(
  reply: FastifyReply,
  type: string,
  filename: string,
  body: string | Uint8Array,
) {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(body);
}

/** Sends the PDF a call made (`{ pdf, filename }`: a receipt, an invoice, a credit note) to be saved. */
export async function sendPdf(
  reply: FastifyReply,
  made: Promise<{ pdf: string | Uint8Array; filename: string }>,
) {
  const { pdf, filename } = await made;
  return sendAttachment(reply, 'application/pdf', filename, pdf);
}

/** The schema of a statement sent as a PDF, or as CSV with `?format=csv` (what `sendFile` sends). */
export const pdfOrCsv = {
  querystring: z.object({ format: z.enum(['pdf', 'csv']).default('pdf') }),
  produces: ['application/pdf', 'text/csv'],
};

/** Sends the file a call made in the format asked for (`{ type, filename, body }`: a statement) to be saved. */
export async function sendFile(
  reply: FastifyReply,
  made: Promise<{ type: string; filename: string; body: string | Uint8Array }>,
) {
  const { type, filename, body } = await made;
  return sendAttachment(reply, type, filename, body);
}
