import type { Donation, SandboxEventBody } from '@kindred/shared';
import { donationQueries } from '@/entities/donation';
import { api } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/mutations';

export interface SandboxEventAnswer {
  event: { id: string; type: string };
  /** The gift as the event left it. */
  donation: Donation;
}

/**
 * POST /sandbox/events: the sandbox payment provider raises one of its events on a gift's card
 * payment (a refund at the provider, a dispute opened or closed), handled as Stripe's would be.
 * Platform admins only, and only while the sandbox takes the payments. A refusal is the error toast.
 */
export function raiseSandboxEvent(body: SandboxEventBody): Promise<SandboxEventAnswer> {
  return api.post<SandboxEventAnswer>('/sandbox/events', body);
}

export const useRaiseSandboxEvent = () => useRefreshingMutation(raiseSandboxEvent, () => donationQueries.all);
