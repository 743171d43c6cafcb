import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Tx } from '../db/client.js';
import {
  apiTokens,
  webhookDeliveries,
  webhookEndpoints,
} from '../modules/integrations/integrations.table.js';
import { seal } from '../modules/integrations/sealed.js';

const HOUR = 3_600_000;

/**
 * River Trust's and Acme Ltd's integrations (docs/product/webhooks-and-api-tokens.md): a webhook
 * each with a log of deliveries (delivered, and one that failed before the endpoint answered
 * again), and an API token each. The endpoints' hosts are made up: nothing is waiting to be sent.
 */
export async function seedDemoIntegrations(
  tx: Tx,
  now: Date,
  secret: Uint8Array,
  people: { charityAdmin: number; owner: number; riverTrustId: number; acmeId: number },
): Promise<void> {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
  const [river, acme] = await tx
    .insert(webhookEndpoints)
    .values([
      {
        accountType: 'charity' as const,
        accountId: people.riverTrustId,
        url: 'https://crm.rivertrust.example/kindred/webhook',
        events: ['donation.made', 'donation.refunded', 'payout.paid', 'payout.failed'],
        secret: seal(secret, `whsec_${randomBytes(24).toString('base64url')}`),
        createdBy: people.charityAdmin,
        createdAt: at(24 * 20),
      },
      {
        accountType: 'business' as const,
        accountId: people.acmeId,
        url: 'https://hr.acme.example/hooks/kindred',
        events: ['organisation.member_joined', 'donation.made'],
        secret: seal(secret, `whsec_${randomBytes(24).toString('base64url')}`),
        createdBy: people.owner,
        createdAt: at(24 * 15),
      },
    ])
    .returning();
  if (!river || !acme) throw new Error('demo webhooks not written');
  const delivery = (
    endpointId: number,
    type: string,
    hoursAgo: number,
    data: Record<string, unknown>,
    outcome: { status: 'delivered' | 'failed'; code: number | null; error?: string; attempts?: number },
  ) => {
    const id = randomUUID();
    const created = at(hoursAgo);
    const last = new Date(created.getTime() + (outcome.attempts ?? 1) * 60_000);
    return {
      endpointId,
      eventId: id,
      type,
      payload: JSON.stringify({ id, type, created_at: created.toISOString(), data }),
      status: outcome.status,
      attempts: outcome.attempts ?? 1,
      responseStatus: outcome.code,
      responseBody: outcome.code === 200 ? '{"received":true}' : outcome.code ? 'Service Unavailable' : null,
      error: outcome.error ?? null,
      createdAt: created,
      firstFailedAt: outcome.status === 'failed' ? created : null,
      lastAttemptAt: last,
      deliveredAt: outcome.status === 'delivered' ? last : null,
    };
  };
  const charityId = people.riverTrustId;
  await tx.insert(webhookDeliveries).values([
    delivery(
      river.id,
      'donation.made',
      24 * 6,
      { donation_id: 1, project_id: null, charity_id: charityId },
      {
        status: 'failed',
        code: 503,
        error: 'The endpoint answered 503.',
        attempts: 3,
      },
    ),
    delivery(
      river.id,
      'payout.paid',
      24 * 3,
      { payout_id: 1, charity_id: charityId, amount: 2_000_000 },
      {
        status: 'delivered',
        code: 200,
      },
    ),
    delivery(
      river.id,
      'donation.made',
      30,
      { donation_id: 2, project_id: null, charity_id: charityId },
      {
        status: 'delivered',
        code: 200,
      },
    ),
    delivery(
      acme.id,
      'organisation.member_joined',
      24 * 2,
      { business_id: people.acmeId, user_id: 1, sub_group_id: null },
      {
        status: 'delivered',
        code: 200,
      },
    ),
  ]);
  // Tokens whose values nobody has: only their hashes are kept, as for any token.
  const token = () => `kt_${randomBytes(30).toString('base64url')}`;
  const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
  const riverToken = token();
  const acmeToken = token();
  await tx.insert(apiTokens).values([
    {
      accountType: 'charity',
      accountId: people.riverTrustId,
      name: 'Finance spreadsheet',
      prefix: riverToken.slice(0, 10),
      hash: hashOf(riverToken),
      scopes: ['reports:read', 'payouts:read'],
      expiresAt: new Date(now.getTime() + 200 * 24 * HOUR),
      createdBy: people.charityAdmin,
      createdAt: at(24 * 40),
      lastUsedAt: at(5),
    },
    {
      accountType: 'business',
      accountId: people.acmeId,
      name: 'HR system',
      prefix: acmeToken.slice(0, 10),
      hash: hashOf(acmeToken),
      scopes: ['donations:read'],
      expiresAt: new Date(now.getTime() + 90 * 24 * HOUR),
      createdBy: people.owner,
      createdAt: at(24 * 10),
      lastUsedAt: null,
    },
  ]);
}
