import type { Donation } from '@kindred/shared';

// Apart from donation-format.ts, which the public pages load with the first page.

/** Who receives it: 'River clean-up (River Trust)' for a project, the charity's name otherwise. */
export function donationRecipient(donation: Pick<Donation, 'project' | 'charity'>): string {
  return donation.project ? `${donation.project.title} (${donation.charity.name})` : donation.charity.name;
}
