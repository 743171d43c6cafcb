import type { Donation, PaymentMethod } from '@kindred/shared';
import { donationFixture, pageFixture, paymentMethodFixture, subscriptionFixture } from '@/testing/fixtures';
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

/** A recurring gift of the donor (the shared fixture: monthly ₹25 from the wallet). */
export const makeSubscription = subscriptionFixture;

/** A saved card of the donor: 'Visa ending 4242', expiring 04/34, unless told otherwise. */
export function makeCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return paymentMethodFixture({
    id: 51,
    exp_year: 2034,
    created_at: '2029-12-01T09:00:00.000Z',
    ...overrides,
  });
}

export function pageOf<T>(items: T[], next: string | null = null): Response {
  return jsonResponse(pageFixture(items, next));
}
