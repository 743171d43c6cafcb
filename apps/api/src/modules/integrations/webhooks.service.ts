import { randomBytes } from 'node:crypto';
import {
  type PageQuery,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  type WebhookEventType,
  webhookEventsFor,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { KindredEvent } from '../../events/catalogue.js';
import { dispatchMemo } from '../../events/dispatch-memo.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { pageById, toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { donationsQueries } from '../donations/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { usersQueries } from '../users/index.js';
import { notForAccount, requireIntegrations } from './account-access.js';
import {
  type DeliveryRow,
  type EndpointRow,
  type IntegrationAccountRef,
  integrationsRepository as repo,
} from './integrations.repository.js';
import { refusedAddress } from './safe-address.js';
import { seal, unseal } from './sealed.js';
import { send, signature } from './send.js';

/** The serial queue of the events' fan-out to endpoints (docs/decisions/046-webhooks-and-api-tokens.md). */
const FAN_OUT_QUEUE = 'webhooks.fan-out';
/** The task that delivers one endpoint's pending deliveries, in order (one at a time per endpoint). */
export const DELIVER_WEBHOOKS = 'webhooks.deliver';
const MINUTE = 60_000;
/** Waits after the 1st, 2nd... failed attempt; then every 10 hours (docs/product/webhooks-and-api-tokens.md#retries). */
const BACKOFF_MS = [1, 5, 30, 120, 300, 600].map((minutes) => minutes * MINUTE);
/** An endpoint that has failed this long (since the first failure of its oldest delivery) is turned off. */
export const GIVE_UP_MS = 3 * 24 * 60 * MINUTE;

const backoff = (attempts: number) =>
  BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0] ?? MINUTE;
const settingsPath = (type: IntegrationAccountRef['type']) =>
  type === 'charity' ? '/charity/integrations' : '/organisation/integrations';
const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * A delivery as its log shows it. `first` is the endpoint's oldest pending delivery: the others
 * pending wait behind it, so they have no time of their own to be tried.
 */
function presentDelivery(row: DeliveryRow, first?: number): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    type: row.type,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_body: row.responseBody,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at:
      row.status === 'pending' && (first === undefined || first === row.id) ? iso(row.nextAttemptAt) : null,
    delivered_at: iso(row.deliveredAt),
  };
}

/**
 * Webhooks of charities and organisations (docs/product/webhooks-and-api-tokens.md): endpoints, a
 * delivery of each event an endpoint asked for, sent signed and in order by whichever process takes
 * the endpoint's serial queue, retried with growing waits, the endpoint turned off after 3 days of
 * failure.
 */
export function webhooksService(ctx: AppContext) {
  const db = () => ctx.database.db;

  const require = (auth: AuthUser | null, account: IntegrationAccountRef) =>
    requireIntegrations(ctx, auth, account);

  /** Asks a worker to deliver the endpoint's pending deliveries after the caller's commit. */
  const wake = (executor: Executor, endpointId: number) =>
    ctx.events.enqueue(
      executor,
      DELIVER_WEBHOOKS,
      { endpoint_id: endpointId },
      {
        key: `${DELIVER_WEBHOOKS}:${endpointId}`,
        queue: `webhook:${endpointId}`,
      },
    );

  async function present(executor: Executor, rows: EndpointRow[]): Promise<Webhook[]> {
    const last = await repo.lastAttempts(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const attempt = last.get(row.id);
      return {
        id: row.id,
        url: row.url,
        events: row.events,
        enabled: row.disabledAt === null,
        disabled_reason: row.disabledReason,
        created_at: row.createdAt.toISOString(),
        last_delivery: attempt?.lastAttemptAt
          ? {
              status: attempt.status,
              response_status: attempt.responseStatus,
              at: attempt.lastAttemptAt.toISOString(),
            }
          : null,
      };
    });
  }

  /** The accounts an event is about, each of which may have endpoints that asked for it. */
  async function accountsOf(executor: Executor, event: KindredEvent): Promise<IntegrationAccountRef[]> {
    const { data } = event as { data: Record<string, unknown> };
    switch (event.type) {
      case 'donation.made':
      case 'donation.status_changed':
      case 'donation.refunded':
      case 'donation.disputed': {
        const gift = await donationsQueries.find(executor, Number(data.donation_id));
        if (!gift) return [];
        const accounts: IntegrationAccountRef[] = [{ type: 'charity', id: gift.charityId }];
        if (gift.donorType === 'business') accounts.push({ type: 'business', id: gift.donorId });
        return accounts;
      }
      case 'payout.paid':
      case 'payout.failed':
        return [{ type: 'charity', id: Number(data.charity_id) }];
      case 'project.status_changed':
        return data.charity_id === null ? [] : [{ type: 'charity', id: Number(data.charity_id) }];
      case 'organisation.member_joined':
        return [{ type: 'business', id: Number(data.business_id) }];
      case 'join_request.created':
      case 'join_request.decided':
        return [
          { type: data.target_type === 'charity' ? 'charity' : 'business', id: Number(data.target_id) },
        ];
      case 'message.sent':
        return data.recipient_type === 2
          ? [{ type: 'business', id: Number(data.recipient_id) }]
          : data.recipient_type === 3
            ? [{ type: 'charity', id: Number(data.recipient_id) }]
            : [];
      default:
        return [];
    }
  }

  /** An event's deliveries to every endpoint that asked for it; written once however often it runs. */
  async function fanOut(event: KindredEvent) {
    const type = event.type as WebhookEventType;
    // Most events have no endpoint waiting for them: one indexed look settles that.
    // Asked once for a dispatch's events of a type (events/dispatch-memo.ts).
    if (!(await dispatchMemo(`webhooks.any:${type}`, () => repo.anyListening(db(), type)))) return;
    await db().transaction(async (tx) => {
      const accounts = (await accountsOf(tx, event)).filter(
        (account) => WEBHOOK_EVENTS[type]?.[account.type],
      );
      const endpoints = await repo.listening(tx, accounts, type);
      const payload = JSON.stringify({
        id: event.id,
        type: event.type,
        created_at: event.created_at,
        data: event.data,
      });
      const written = await repo.insertDeliveries(
        tx,
        endpoints.map((endpoint) => ({
          endpointId: endpoint.id,
          eventId: event.id,
          type: event.type,
          payload,
          status: 'pending' as const,
          createdAt: ctx.now(),
          nextAttemptAt: ctx.now(),
        })),
      );
      for (const endpointId of new Set(written.map((row) => row.endpointId))) await wake(tx, endpointId);
    });
  }

  /** Turns an endpoint off after 3 days of failure, ends its pending deliveries and mails its account's admins. */
  async function disable(endpoint: EndpointRow, reason: string) {
    await db().transaction(async (tx) => {
      await repo.updateEndpoint(tx, endpoint.id, { disabledAt: ctx.now(), disabledReason: reason });
      await repo.failPending(tx, endpoint.id, 'Not delivered: the endpoint was turned off.');
      const adminIds =
        endpoint.accountType === 'charity'
          ? await charitiesQueries.adminIds(tx, endpoint.accountId)
          : await organisationsQueries.businessAdminIds(tx, endpoint.accountId);
      for (const to of await usersQueries.emails(tx, adminIds))
        await ctx.notices.queue(tx, {
          to,
          subject: 'A webhook was turned off',
          text: [
            `Kindred could not deliver events to ${endpoint.url} for 3 days, so it has stopped trying.`,
            '',
            `Why: ${reason}`,
            '',
            `When the endpoint works again, retry a delivery from its log to turn it back on: ${ctx.config.publicUrl}${settingsPath(endpoint.accountType)}`,
          ].join('\n'),
        });
    });
  }

  /** Delivers an endpoint's due deliveries, oldest first, stopping at the first that fails. */
  async function deliverEndpoint(endpointId: number) {
    for (;;) {
      const endpoint = await repo.endpointById(db(), endpointId);
      if (!endpoint || endpoint.disabledAt || endpoint.deletedAt) return;
      const delivery = await repo.oldestPending(db(), endpointId);
      if (!delivery || (delivery.nextAttemptAt && delivery.nextAttemptAt > ctx.now())) return;
      const secret = unseal(ctx.config.jwtSecret, endpoint.secret);
      const result = await send(
        endpoint.url,
        delivery.payload,
        {
          'kindred-signature': signature(secret, delivery.payload, ctx.now()),
          'kindred-event': delivery.type,
          'kindred-delivery': String(delivery.id),
          'user-agent': 'Kindred-Webhooks/1',
        },
        { timeoutMs: ctx.config.webhookTimeoutMs, allowPrivate: ctx.config.webhookAllowPrivate },
      );
      const at = ctx.now();
      const attempt = {
        attempts: delivery.attempts + 1,
        responseStatus: result.status,
        responseBody: result.body,
        error: result.error,
        lastAttemptAt: at,
      };
      if (result.ok) {
        await repo.updateDelivery(db(), delivery.id, {
          ...attempt,
          status: 'delivered',
          deliveredAt: at,
          nextAttemptAt: null,
          firstFailedAt: null,
        });
        continue;
      }
      const firstFailedAt = delivery.firstFailedAt ?? at;
      if (at.getTime() - firstFailedAt.getTime() >= GIVE_UP_MS) {
        await repo.updateDelivery(db(), delivery.id, {
          ...attempt,
          firstFailedAt,
          status: 'failed',
          nextAttemptAt: null,
        });
        await disable(endpoint, result.error ?? 'The endpoint did not answer.');
        return;
      }
      await repo.updateDelivery(db(), delivery.id, {
        ...attempt,
        firstFailedAt,
        nextAttemptAt: new Date(at.getTime() + backoff(attempt.attempts)),
      });
      return;
    }
  }

  async function endpointOf(account: IntegrationAccountRef, id: number) {
    const endpoint = await repo.endpoint(db(), account, id);
    if (!endpoint) throw notFound('The webhook');
    return endpoint;
  }

  return {
    /** Every event a webhook may ask for is heard (docs/decisions/041-one-event-mechanism.md). */
    listen() {
      // One queue for every event's fan-out: deliveries are written in the order of the events, so
      // an endpoint's deliveries (sent oldest first) keep that order.
      for (const type of WEBHOOK_EVENT_TYPES)
        ctx.events.on(type, `webhooks.${type}`, (event) => fanOut(event), { queue: FAN_OUT_QUEUE });
      ctx.events.handle(DELIVER_WEBHOOKS, async (payload) =>
        deliverEndpoint(Number((payload as { endpoint_id: number }).endpoint_id)),
      );
    },

    /** The scheduled round: wakes every endpoint whose oldest pending delivery is due (a retry's time came). */
    async wakeDue(): Promise<number> {
      const due = await repo.dueEndpoints(db(), ctx.now());
      for (const id of due) await wake(db(), id);
      return due.length;
    },

    async list(auth: AuthUser | null, account: IntegrationAccountRef) {
      await require(auth, account);
      return { items: await present(db(), await repo.endpointsOf(db(), account)) };
    },

    async create(auth: AuthUser | null, account: IntegrationAccountRef, body: WebhookBody) {
      const user = await require(auth, account);
      const wrong = notForAccount(body.events, webhookEventsFor(account.type), 'sent to', account);
      if (wrong) throw badRequest('Some events are not for this account.', { events: wrong });
      const refused = await refusedAddress(body.url, ctx.config.webhookAllowPrivate);
      if (refused) throw badRequest(refused, { url: refused });
      const secret = `whsec_${randomBytes(24).toString('base64url')}`;
      const row = await db().transaction(async (tx) => {
        if ((await repo.endpointsOf(tx, account)).length >= WEBHOOK_ENDPOINTS_MAX)
          throw conflict(
            'TOO_MANY_WEBHOOKS',
            `An account may have at most ${WEBHOOK_ENDPOINTS_MAX} webhooks.`,
          );
        return repo.insertEndpoint(tx, {
          accountType: account.type,
          accountId: account.id,
          url: body.url,
          events: body.events,
          secret: seal(ctx.config.jwtSecret, secret),
          createdBy: user.id,
          createdAt: ctx.now(),
        });
      });
      const [presented] = await present(db(), [row]);
      return { ...(presented as Webhook), secret };
    },

    async remove(auth: AuthUser | null, account: IntegrationAccountRef, id: number) {
      await require(auth, account);
      const endpoint = await endpointOf(account, id);
      await db().transaction(async (tx) => {
        await repo.updateEndpoint(tx, endpoint.id, { deletedAt: ctx.now() });
        await repo.failPending(tx, endpoint.id, 'Not delivered: the endpoint was removed.');
      });
      return { items: await present(db(), await repo.endpointsOf(db(), account)) };
    },

    async deliveries(auth: AuthUser | null, account: IntegrationAccountRef, id: number, query: PageQuery) {
      await require(auth, account);
      const endpoint = await endpointOf(account, id);
      const rows = await repo.deliveries(db(), endpoint.id, pageById(query));
      const first = (await repo.oldestPending(db(), endpoint.id))?.id;
      return toPage(
        rows,
        query,
        (row) => [row.id],
        (row) => presentDelivery(row, first),
      );
    },

    /** Sends a delivery again now; an endpoint that was turned off is turned on again. */
    async retry(auth: AuthUser | null, account: IntegrationAccountRef, id: number, deliveryId: number) {
      await require(auth, account);
      const endpoint = await endpointOf(account, id);
      const delivery = await repo.delivery(db(), endpoint.id, deliveryId);
      if (!delivery) throw notFound('The delivery');
      const updated = await db().transaction(async (tx) => {
        if (endpoint.disabledAt)
          await repo.updateEndpoint(tx, endpoint.id, { disabledAt: null, disabledReason: null });
        const row = await repo.updateDelivery(tx, delivery.id, {
          status: 'pending',
          nextAttemptAt: ctx.now(),
          firstFailedAt: null,
        });
        await wake(tx, endpoint.id);
        return row;
      });
      return presentDelivery(updated ?? delivery);
    },
  };
}
export type WebhooksService = ReturnType<typeof webhooksService>;
