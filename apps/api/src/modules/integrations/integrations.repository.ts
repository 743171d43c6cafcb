import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertOne } from '../../db/insert.js';
import { newestByIdRows } from '../../db/pages.js';
import { prepared } from '../../db/prepared.js';
import type { IdKeyset } from '../../lib/pagination.js';
import { apiTokens, webhookDeliveries, webhookEndpoints } from './integrations.table.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type IntegrationAccountRef = { type: 'charity' | 'business'; id: number };

const ofAccount = (table: typeof webhookEndpoints | typeof apiTokens, account: IntegrationAccountRef) =>
  and(eq(table.accountType, account.type), eq(table.accountId, account.id));

/** SQL of webhooks and API tokens. Only the integrations module calls it. */
/** Whether a live endpoint asked for an event type: read for every event a webhook may carry, built once. */
const listeningEndpoint = prepared('webhooks_any_listening', (db) =>
  db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        sql`${sql.placeholder('type')} = any(${webhookEndpoints.events})`,
        isNull(webhookEndpoints.disabledAt),
        isNull(webhookEndpoints.deletedAt),
      ),
    )
    .limit(1),
);

export const integrationsRepository = {
  insertEndpoint: (db: Executor, values: typeof webhookEndpoints.$inferInsert) =>
    insertOne(db, webhookEndpoints, values),

  /** An account's endpoints (not removed), oldest first. */
  endpointsOf(db: Executor, account: IntegrationAccountRef): Promise<EndpointRow[]> {
    return db
      .select()
      .from(webhookEndpoints)
      .where(and(ofAccount(webhookEndpoints, account), isNull(webhookEndpoints.deletedAt)))
      .orderBy(asc(webhookEndpoints.id));
  },

  async endpoint(db: Executor, account: IntegrationAccountRef, id: number): Promise<EndpointRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.id, id),
          ofAccount(webhookEndpoints, account),
          isNull(webhookEndpoints.deletedAt),
        ),
      );
    return row;
  },

  async endpointById(db: Executor, id: number): Promise<EndpointRow | undefined> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    return row;
  },

  /** The working endpoints of these accounts that asked for the event type. */
  listening(db: Executor, accounts: IntegrationAccountRef[], type: string): Promise<EndpointRow[]> {
    if (accounts.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(webhookEndpoints)
      .where(
        and(
          sql`(${webhookEndpoints.accountType}, ${webhookEndpoints.accountId}) in (${sql.join(
            accounts.map((account) => sql`(${account.type}, ${account.id})`),
            sql`, `,
          )})`,
          sql`${type} = any(${webhookEndpoints.events})`,
          isNull(webhookEndpoints.disabledAt),
          isNull(webhookEndpoints.deletedAt),
        ),
      );
  },

  /** Whether any working endpoint asked for the event type. */
  async anyListening(db: Executor, type: string): Promise<boolean> {
    const rows = await listeningEndpoint(db, { type });
    return rows.length > 0;
  },

  async updateEndpoint(db: Executor, id: number, values: Partial<typeof webhookEndpoints.$inferInsert>) {
    await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id));
  },

  /** One delivery per endpoint for an event; those already written (a handler run twice) are skipped. */
  async insertDeliveries(
    db: Executor,
    rows: Array<typeof webhookDeliveries.$inferInsert>,
  ): Promise<DeliveryRow[]> {
    if (rows.length === 0) return [];
    return db
      .insert(webhookDeliveries)
      .values(rows)
      .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
      .returning();
  },

  /** The endpoint's oldest delivery still to make: its deliveries go in the order of their events. */
  async oldestPending(db: Executor, endpointId: number): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')))
      .orderBy(asc(webhookDeliveries.id))
      .limit(1);
    return row;
  },

  async updateDelivery(db: Executor, id: number, values: Partial<typeof webhookDeliveries.$inferInsert>) {
    const [row] = await db
      .update(webhookDeliveries)
      .set(values)
      .where(eq(webhookDeliveries.id, id))
      .returning();
    return row;
  },

  /** Ends every pending delivery of an endpoint that was disabled. */
  async failPending(db: Executor, endpointId: number, error: string) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error, nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
  },

  /** Endpoints whose oldest pending delivery is due by `now`. */
  async dueEndpoints(db: Executor, now: Date): Promise<number[]> {
    const rows = await db
      .selectDistinct({ id: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)));
    return rows.map((row) => row.id);
  },

  deliveries(db: Executor, endpointId: number, page: IdKeyset): Promise<DeliveryRow[]> {
    return newestByIdRows(db, webhookDeliveries, page, [eq(webhookDeliveries.endpointId, endpointId)]);
  },

  async delivery(db: Executor, endpointId: number, id: number): Promise<DeliveryRow | undefined> {
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.endpointId, endpointId)));
    return row;
  },

  /** Each endpoint's most recent attempt. */
  async lastAttempts(db: Executor, endpointIds: number[]): Promise<Map<number, DeliveryRow>> {
    if (endpointIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([webhookDeliveries.endpointId])
      .from(webhookDeliveries)
      .where(
        and(
          inArray(webhookDeliveries.endpointId, endpointIds),
          sql`${webhookDeliveries.lastAttemptAt} is not null`,
        ),
      )
      .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.lastAttemptAt));
    return new Map(rows.map((row) => [row.endpointId, row]));
  },

  insertToken: (db: Executor, values: typeof apiTokens.$inferInsert) => insertOne(db, apiTokens, values),

  /** An account's tokens not revoked, newest first. */
  tokensOf(db: Executor, account: IntegrationAccountRef): Promise<ApiTokenRow[]> {
    return db
      .select()
      .from(apiTokens)
      .where(and(ofAccount(apiTokens, account), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.id));
  },

  async revokeToken(db: Executor, account: IntegrationAccountRef, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .update(apiTokens)
      .set({ revokedAt: at })
      .where(and(eq(apiTokens.id, id), ofAccount(apiTokens, account), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  },

  async tokenByHash(db: Executor, hash: string): Promise<ApiTokenRow | undefined> {
    const [row] = await db.select().from(apiTokens).where(eq(apiTokens.hash, hash));
    return row;
  },

  /** Records a use, at most once a minute per token (a busy tool writes little). */
  async touchToken(db: Executor, id: number, at: Date) {
    await db
      .update(apiTokens)
      .set({ lastUsedAt: at })
      .where(
        and(
          eq(apiTokens.id, id),
          sql`(${apiTokens.lastUsedAt} is null or ${apiTokens.lastUsedAt} < ${new Date(at.getTime() - 60_000)})`,
        ),
      );
  },
};
