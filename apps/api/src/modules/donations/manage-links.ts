import { createHmac, timingSafeEqual } from 'node:crypto';
import { MANAGE_LINK_DAYS } from '@kindred/shared';
import { AppError } from '../../lib/errors.js';

/** What a manage link is scoped to: one gift, or one recurring gift (plan). */
export type ManageScope = { kind: 'donation' | 'subscription'; id: number };

const DAY_MS = 86_400_000;
const PREFIX = { donation: 'd', subscription: 's' } as const;

// Hex and dashes only: a dot would make the link's path look like a file's to the web server.
const signature = (secret: Uint8Array, body: string) =>
  createHmac('sha256', secret).update(`kindred-manage:${body}`).digest('hex');

/**
 * A signed link token for a mail (docs/product/card-gifts.md#manage-from-the-mail): the scope and
 * its expiry in the clear, an HMAC of both with the app's secret. Nothing is stored; a token works
 * for its 30 days and only for its gift or plan.
 */
export function manageToken(secret: Uint8Array, scope: ManageScope, now: Date): string {
  const expires = Math.floor((now.getTime() + MANAGE_LINK_DAYS * DAY_MS) / 1000);
  const body = `${PREFIX[scope.kind]}${scope.id}-${expires}`;
  return `${body}-${signature(secret, body)}`;
}

/** The scope of a valid token; 404 for one that is not ours, 410 for one past its 30 days. */
export function readManageToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): ManageScope & { expiresAt: Date } {
  const match = /^([ds])(\d{1,12})-(\d{1,12})-([0-9a-f]{64})$/.exec(token);
  const unknown = new AppError(404, 'NOT_FOUND', 'This link is not valid. Use the link in your latest mail.');
  if (!match) throw unknown;
  const [, kind, id, expires, mac] = match as unknown as [string, 'd' | 's', string, string, string];
  const expected = Buffer.from(signature(secret, `${kind}${id}-${expires}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unknown;
  const expiresAt = new Date(Number(expires) * 1000);
  if (expiresAt.getTime() <= now.getTime())
    throw new AppError(
      410,
      'LINK_EXPIRED',
      `This link has expired: links in mails work for ${MANAGE_LINK_DAYS} days. Sign in to see your giving.`,
    );
  return { kind: kind === 'd' ? 'donation' : 'subscription', id: Number(id), expiresAt };
}
