import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_KIND_CODES, type NotificationKind } from '@kindred/shared';
import { notFound } from '../../lib/errors.js';

/** What an unsubscribe link stops: one kind of mail for one person, or all of their mail that may be stopped. */
export interface UnsubscribeScope {
  userId: number;
  kind: NotificationKind | null;
}

const signature = (secret: Uint8Array, body: string) =>
  createHmac('sha256', secret).update(`kindred-unsubscribe:${body}`).digest('hex');

/**
 * The token of a mail's unsubscribe link (docs/product/notifications.md#unsubscribe): the person and
 * the kind in the clear, an HMAC of both with the app's secret. Nothing is stored and it never
 * expires, so a mail's link works however old the mail is; it can only turn mail off.
 */
export function unsubscribeToken(secret: Uint8Array, scope: UnsubscribeScope): string {
  const body = `${scope.userId}-${scope.kind ?? 'all'}`;
  return `${body}-${signature(secret, body)}`;
}

/** The scope of a token signed by us; 404 for any other. */
export function readUnsubscribeToken(secret: Uint8Array, token: string): UnsubscribeScope {
  const match = /^(\d{1,15})-([a-z_]{1,40})-([0-9a-f]{64})$/.exec(token);
  const unknown = notFound('This unsubscribe link');
  if (!match) throw unknown;
  const [, id, kind, mac] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(signature(secret, `${id}-${kind}`));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw unknown;
  if (kind !== 'all' && !(NOTIFICATION_KIND_CODES as string[]).includes(kind)) throw unknown;
  return { userId: Number(id), kind: kind === 'all' ? null : (kind as NotificationKind) };
}
