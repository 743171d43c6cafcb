import type { DonateResponse, Donation, Project } from '@kindred/shared';
import { donationFixture, projectFixture } from '@/testing/fixtures';

/** A Live project that asks for every kind of giving (dates far ahead, so never in the past). */
export const liveProject: Project = projectFixture();

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
