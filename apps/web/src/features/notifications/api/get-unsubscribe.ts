import type { Unsubscribe } from '@kindred/shared';
import { api } from '@/lib/api-client';

/**
 * GET /unsubscribe/{token}: the mail a mail's link stops, and whether it is stopped. Without
 * signing in (the link works from any mail program); quiet: the page shows an invalid link itself.
 */
export function getUnsubscribe(token: string, signal?: AbortSignal): Promise<Unsubscribe> {
  return api.get<Unsubscribe>(`/unsubscribe/${encodeURIComponent(token)}`, {
    signal,
    anonymous: true,
    silent: true,
  });
}
