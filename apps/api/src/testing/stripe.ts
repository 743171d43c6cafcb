/** A Stripe event as Stripe sends it to a webhook: the envelope around the object it is about. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  { id, created }: { id: string; created: Date },
): string {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}
