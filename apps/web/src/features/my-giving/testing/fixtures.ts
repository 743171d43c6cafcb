import type { Donation, Page, Subscription } from '@kindred/shared';
import { jsonResponse } from '@/testing/http';

export function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return {
    id: 1,
    method: 1,
    type: 2,
    status: 80,
    status_label: 'Approved',
    amount: 2_500,
    source: 'wallet',
    hours: null,
    confirmed_hours: null,
    date: null,
    skill_type: null,
    gift_type: null,
    description: null,
    quantity: null,
    estimated_value: null,
    gift_aid: false,
    gift_aid_amount: 0,
    anonymous: false,
    message: null,
    project: { id: 11, title: 'Clean the River Wey' },
    charity: { id: 21, name: 'River Trust' },
    donor: { kind: 'user', id: 7, name: 'Dana Donor' },
    subscription_id: null,
    receipt_number: 'KR-000001',
    created_at: '2030-01-10T10:00:00.000Z',
    history: [
      {
        status: 80,
        status_label: 'Approved',
        at: '2030-01-10T10:00:00.000Z',
        by: { id: 7, name: 'Dana Donor' },
        reason: null,
      },
    ],
    ...overrides,
  };
}

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 31,
    status: 'active',
    frequency: 3,
    amount: 2_500,
    source: 'wallet',
    gift_aid: false,
    anonymous: false,
    message: null,
    project: { id: 11, title: 'Clean the River Wey' },
    charity: { id: 21, name: 'River Trust' },
    start_date: '2030-01-01',
    end_date: null,
    next_date: '2030-02-01',
    failed_periods: 0,
    created_at: '2030-01-01T09:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(items: T[], next: string | null = null): Response {
  const body: Page<T> = { items, next_cursor: next, prev_cursor: null };
  return jsonResponse(body);
}
