import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, createdBy, serialId, timestamptz } from '../../db/columns.js';

/** Whose endpoint or token it is: a charity or an organisation (business). */
export const INTEGRATION_ACCOUNTS = ['charity', 'business'] as const;

/**
 * A charity's or an organisation's webhook endpoint (docs/product/webhooks-and-api-tokens.md): the
 * events it asked for are POSTed to it, signed with its secret, in order.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serialId(),
    accountType: text('account_type', { enum: INTEGRATION_ACCOUNTS }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret, sealed with the platform's secret (shown once, when made). */
    secret: text('secret').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    /** Set when its deliveries failed for 3 days, or when it was removed (`deletedAt`). */
    disabledAt: timestamptz('disabled_at'),
    disabledReason: text('disabled_reason'),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.accountType, t.accountId)],
);

/**
 * One event for one endpoint: pending until the endpoint answers 2xx (delivered), or failed when
 * the endpoint was disabled first. Unique per (endpoint, event): an event is delivered once.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serialId(),
    endpointId: bigint('endpoint_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').notNull(),
    type: text('type').notNull(),
    /** The body as sent: `{id, type, created_at, data}`. */
    payload: text('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    createdAt: createdAt(),
    /** The first failed attempt since it was last made pending: 3 days after it, the endpoint is disabled. */
    firstFailedAt: timestamptz('first_failed_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    nextAttemptAt: timestamptz('next_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_idx').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A charity's or an organisation's API token: only its SHA-256 is kept. It acts for its maker,
 * limited to its account and scopes, until it expires or is revoked.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serialId(),
    accountType: text('account_type', { enum: INTEGRATION_ACCOUNTS }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_idx').on(t.hash),
    index('api_tokens_account_idx').on(t.accountType, t.accountId),
  ],
);
