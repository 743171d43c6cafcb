import type { Donation } from '@kindred/shared';

/** A donation as the API answers it; an offer of 5 volunteering hours waiting for the charity. */
export function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 1,
    method: 1,
    type: 3,
    status: 30,
    status_label: 'Awaiting Charity Approval',
    amount: null,
    source: null,
    hours: 5,
    confirmed_hours: null,
    date: '2030-02-01',
    skill_type: null,
    gift_type: null,
    description: null,
    quantity: null,
    estimated_value: null,
    gift_aid: false,
    gift_aid_amount: 0,
    anonymous: false,
    message: null,
    project: { id: 4, title: 'Clean-up of the river banks' },
    charity: { id: 1, name: 'River Trust' },
    donor: { kind: 'user', id: 9, name: 'Dana Donor' },
    subscription_id: null,
    receipt_number: null,
    created_at: '2030-01-01T10:00:00.000Z',
    history: [],
    ...overrides,
  };
}

export const page = <T>(items: T[], next_cursor: string | null = null) => ({
  items,
  next_cursor,
  prev_cursor: null,
});
