import type { Fundraiser, FundraiserCard, FundraiserPost, Supporter } from '@kindred/shared';
import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A fundraising page as the API answers it: by default Dana Donor's open page for a River Trust
 * project, ₹3,000 raised of ₹10,000 in 4 gifts, ending on 31 Jan 2030, seen by a visitor. Each
 * test names what matters to it.
 */
export function fundraiserFixture(overrides: Partial<Fundraiser> = {}): Fundraiser {
  return {
    id: 21,
    title: 'Dana runs 10k for the river',
    story: 'I am running my first 10k to clean up the river banks. Every gift helps.',
    picture: null,
    cause_picture: '/api/files/gallery/river',
    target: 1_000_000,
    raised: 300_000,
    gifts: 4,
    end_date: '2030-01-31',
    ended: false,
    fundraiser: { id: 7, name: 'Dana Donor' },
    group: null,
    business: null,
    project: { id: 1, name: 'Clean-up of the river banks' },
    charity: { id: 3, name: 'River Trust' },
    hidden: false,
    hidden_reason: null,
    can_edit: false,
    can_hide: false,
    created_at: '2030-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The same page as a list shows it. */
export function fundraiserCardFixture(overrides: Partial<FundraiserCard> = {}): FundraiserCard {
  const {
    story: _story,
    hidden_reason: _reason,
    can_edit: _edit,
    can_hide: _hide,
    ...card
  } = fundraiserFixture();
  return { ...card, ...overrides };
}

/** A gift on a page's supporters wall, as the API answers it: by default Sam Helper's ₹500 with a message. */
export function fundraiserDonationFixture(overrides: Partial<Supporter> = {}): Supporter {
  return {
    id: 1,
    name: 'Sam Helper',
    anonymous: false,
    type: 2,
    amount: 50_000,
    hours: null,
    message: 'Go Dana!',
    created_at: '2030-01-03T10:00:00.000Z',
    ...overrides,
  };
}

/** An update of the fundraiser's. */
export function fundraiserPostFixture(overrides: Partial<FundraiserPost> = {}): FundraiserPost {
  return {
    id: 1,
    body: 'Halfway there, thank you all!',
    created_at: '2030-01-05T09:00:00.000Z',
    ...overrides,
  };
}

/**
 * A thank-you for a gift through the demo's page 21 ("Dana runs 10k for the river"): it says the
 * gift counts toward the page, links back to it and asks to share the page, not the project.
 */
export function expectThanksThroughPage(thanks: HTMLElement) {
  expect(thanks.textContent).toContain('It counts toward Dana runs 10k for the river.');
  expect(within(thanks).getByRole('link', { name: 'Dana runs 10k for the river' })).toHaveAttribute(
    'href',
    '/fundraisers/21',
  );
  const share = within(thanks).getByRole('group', { name: 'Ask your friends to give too' });
  expect(within(share).getByRole('link', { name: 'Share by mail' }).getAttribute('href')).toContain(
    encodeURIComponent('/fundraisers/21'),
  );
}
