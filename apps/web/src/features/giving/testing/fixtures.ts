import type { DonateResponse, Donation, Project } from '@kindred/shared';
import { donationFixture } from '@/testing/fixtures';

/** A Live project that asks for every kind of giving (dates far ahead, so never in the past). */
export const liveProject: Project = {
  id: 1,
  charity_id: 3,
  charity: { id: 3, name: 'River Trust', logo: null },
  owner_type: 3,
  owner_id: 3,
  title: 'Clean-up of the river banks',
  summary: 'Cleaner banks for everyone.',
  description: 'We pick up litter along the river.',
  status: 2,
  association_status: 5,
  charity_types: [10],
  start_date: '2030-01-01',
  end_date: '2030-03-02',
  city: 'Bristol',
  post_code: 'BS1 4DJ',
  latitude: null,
  longitude: null,
  logo: null,
  funds_target: 1_000_000,
  volunteering_hours: 40,
  volunteering_start: '2030-01-10',
  volunteering_end: '2030-02-10',
  skill_needs: [{ type: 6, hours: 10 }],
  gift_needs: [{ type: 5, description: 'Warm coats', quantity: 20 }],
  giving_kinds: [2, 3, 4, 5],
  funds_raised: 300_000,
  donors_count: 4,
  volunteering_pledged: 13,
  skilled_pledged: 0,
  gifts_pledged: 2,
  hours_confirmed: 0,
  finished_reason: null,
  created_at: '2029-12-01T10:00:00.000Z',
  published_at: '2029-12-02T10:00:00.000Z',
  can_manage: false,
};

export const wallet = (wallet_amount = 100_000, credits = 5_000) => ({
  wallet_amount,
  credits,
  held: 0,
  currency: 'INR',
});

export function donation(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    id: 91,
    amount: 25_000,
    project: { id: 1, title: liveProject.title },
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

export function donateAnswer(overrides: Partial<DonateResponse> = {}): DonateResponse {
  return { donation: donation(), wallet: wallet(75_000), subscription: null, ...overrides };
}
