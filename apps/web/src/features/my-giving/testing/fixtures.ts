import type { Donation, PaymentMethod, Subscription } from '@kindred/shared';
import { donationFixture, pageFixture } from '@/testing/fixtures';
import { jsonResponse } from '@/testing/http';

export function makeDonation(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    project: { id: 11, title: 'Clean the River Wey' },
    charity: { id: 21, name: 'River Trust' },
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
  });
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
    payment_method_id: null,
    missed: null,
    created_at: '2030-01-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A saved card of the donor: 'Visa ending 4242' unless told otherwise. */
export function makeCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  const card = {
    id: 51,
    brand: 'Visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2034,
    is_default: true,
    created_at: '2029-12-01T09:00:00.000Z',
    ...overrides,
  };
  return { label: `${card.brand} ending ${card.last4}`, ...card };
}

export function pageOf<T>(items: T[], next: string | null = null): Response {
  return jsonResponse(pageFixture(items, next));
}
