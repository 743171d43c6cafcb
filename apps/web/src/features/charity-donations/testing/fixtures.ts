import type { Donation } from '@kindred/shared';
import { donationFixture, pageFixture } from '@/testing/fixtures';

/** A donation as the API answers it; an offer of 5 volunteering hours waiting for the charity. */
export function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    type: 3,
    status: 30,
    status_label: 'Awaiting Charity Approval',
    amount: null,
    source: null,
    hours: 5,
    date: '2030-02-01',
    project: { id: 4, title: 'Clean-up of the river banks' },
    charity: { id: 1, name: 'River Trust' },
    donor: { kind: 'user', id: 9, name: 'Dana Donor' },
    ...overrides,
  });
}

export const page = pageFixture;
