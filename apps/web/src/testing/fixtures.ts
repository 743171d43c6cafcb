import type {
  BusinessMembership,
  Charity,
  CharityStatistics,
  DonateResponse,
  Donation,
  Group,
  LoginResponse,
  Page,
  PaymentMethod,
  Project,
  ProjectSummary,
  Refund,
  RefundRequest,
  SessionDetail,
  Subscription,
  User,
} from '@kindred/shared';
import type { CharityFunds } from '@/entities/charity';

/**
 * A fixture: an answer of the API as a test starts from, its fields made afresh for each call with
 * the test's `overrides` on top.
 */
export function fixtureOf<Answer>(defaults: () => Answer) {
  return (overrides: Partial<Answer> = {}): Answer => ({ ...defaults(), ...overrides });
}

/**
 * River Trust's (charity 3) funds as GET /charity/funds/{id} answers them: ₹2,500 of its own, ₹1,800
 * of it available to pay out, nothing paid out or waiting yet.
 */
export const charityFundsFixture = fixtureOf<CharityFunds>(() => ({
  charity_id: 3,
  charity_funds: 250_000,
  project_funds: 40_000,
  available: 180_000,
  held: 2_500,
  refunded: 1_250,
  paid_out: 0,
  payouts_waiting: 0,
  currency: 'INR',
}));

export const NOW = Date.parse('2030-01-01T12:00:00.000Z');
export const MINUTE = 60_000;

export const makeUser = fixtureOf<User>(() => ({
  id: 7,
  email: 'donor@example.org',
  first_name: 'Dana',
  last_name: 'Donor',
  address: null,
  national_insurance_number: null,
  gender: null,
  birth_date: null,
  phone: null,
  state_id: null,
  city: null,
  post_code: null,
  credits: 0,
  is_iic_admin: false,
  admin_type: null,
  user_description: null,
  charity_membership: [],
  charity_permissions: [],
  tax_refund: false,
  is_public: false,
  wallet_amount: 123456,
  avatar: null,
  unread_messages: 0,
  is_active: true,
  created_at: '2029-01-01T00:00:00.000Z',
}));

export const makeDetail = fixtureOf<SessionDetail>(() => ({
  user: makeUser(),
  charity_membership: [],
  business_membership: [],
  project_membership: [],
  group_membership: [],
  unread_messages: 0,
}));

export function makeLogin(expiresAt: number, overrides: Partial<SessionDetail> = {}): LoginResponse {
  return { token: 'token-1', expires_at: new Date(expiresAt).toISOString(), ...makeDetail(overrides) };
}

/** A session's membership of Acme Ltd (id 9) as its Super Admin, unless told otherwise. */
export const businessMembershipFixture = fixtureOf<BusinessMembership>(() => ({
  business_id: 9,
  name: 'Acme Ltd',
  admin_type: 1,
  is_signoff_admin: false,
  is_franchise: false,
  permissions: [],
}));

/** River Trust (id 3) as the API answers it: approved, unlocked, with no contact details. */
export const charityFixture = fixtureOf<Charity>(() => ({
  id: 3,
  name: 'River Trust',
  registration_number: null,
  charity_types: [],
  description: null,
  website: null,
  email: null,
  phone: null,
  address: null,
  city: null,
  post_code: null,
  latitude: null,
  longitude: null,
  logo: null,
  lock_status: false,
  approval_status: 'approved',
  rejection_reason: null,
  live_projects: 0,
  created_at: '2029-12-01T00:00:00.000Z',
}));

/** A charity's statistics before anything was received: every total 0, no month. */
export const noCharityStatistics: CharityStatistics = {
  funds_received: 0,
  gift_aid: 0,
  volunteering_hours: 0,
  skilled_hours: 0,
  gifts_count: 0,
  donors: 0,
  awaiting_approval: 0,
  by_month: [],
};

/**
 * A donation as the API answers it: by default Dana Donor's approved gift of funds from her wallet
 * to a River Trust project, no Gift Aid, no history. Each test names what matters to it.
 */
export const donationFixture = fixtureOf<Donation>(() => ({
  id: 1,
  method: 1,
  type: 2,
  status: 80,
  status_label: 'Approved',
  amount: 2_500,
  source: 'wallet',
  payment_id: null,
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
  project: { id: 1, title: 'Clean-up of the river banks' },
  charity: { id: 3, name: 'River Trust' },
  donor: { kind: 'user', id: 7, name: 'Dana Donor' },
  subscription_id: null,
  receipt_number: null,
  created_at: '2030-01-01T10:00:00.000Z',
  history: [],
  refunded_amount: 0,
  dispute: null,
  refunds: [],
  refund_request: null,
  fundraiser: null,
}));

/** A guest's gift by card as the API answers it: Gina Guest's ₹250, approved, with its receipt number. */
export function guestGiftFixture(overrides: Partial<Donation> = {}): Donation {
  return donationFixture({
    id: 91,
    amount: 25_000,
    source: 'card',
    payment_id: 55,
    donor: { kind: 'guest', id: 4, name: 'Gina Guest' },
    receipt_number: 'KR-2026-000091',
    ...overrides,
  });
}

/** The answer of a guest's donate call: the gift (guestGiftFixture) and an empty wallet. */
export const guestGiftAnswer = (overrides: Partial<Donation> = {}): DonateResponse => ({
  donation: guestGiftFixture(overrides),
  wallet: { wallet_amount: 0, credits: 0, held: 0, currency: 'INR' },
  subscription: null,
});

/**
 * A group as the API answers it: by default the public Bristol Giving Circle of two members, the
 * viewer a member but not its admin. Each test names what matters to it.
 */
export const groupFixture = fixtureOf<Group>(() => ({
  id: 11,
  name: 'Bristol Giving Circle',
  description: 'Neighbours pooling donations.',
  group_type: 2,
  business_id: null,
  logo: null,
  requires_approval: false,
  is_public: true,
  members: 2,
  pin: null,
  is_member: true,
  is_admin: false,
  request_status: null,
  created_at: '2029-01-01T00:00:00.000Z',
}));

/**
 * A refund as the API answers it: by default ₹10 given back to the giver's wallet by Rita Trustee
 * on 12 Jan 2030, with its credit note. Each test names what matters to it.
 */
export const refundFixture = fixtureOf<Refund>(() => ({
  id: 41,
  amount: 1_000,
  reason: 'Given twice by mistake',
  status: 'succeeded',
  to: 'wallet',
  origin: 'kindred',
  credit_note_number: 'KC-2030-000041',
  from_platform: false,
  by: { id: 2, name: 'Rita Trustee' },
  created_at: '2030-01-12T09:00:00.000Z',
}));

/** A giver's request for a refund as the API answers it: by default an open one of 15 Jan 2030. */
export const refundRequestFixture = fixtureOf<RefundRequest>(() => ({
  id: 61,
  donation_id: 1,
  status: 'open',
  reason: 'I meant to give to another project',
  answer: null,
  created_at: '2030-01-15T09:00:00.000Z',
  answered_at: null,
}));

/**
 * A recurring gift as the API answers it: by default a monthly ₹25 from the wallet to a River Trust
 * project, started 1 Jan 2030, next gift on 1 Feb 2030, with nothing missed.
 */
export const subscriptionFixture = fixtureOf<Subscription>(() => ({
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
}));

/**
 * A saved card as the API answers it: by default the default card, a Visa ending 4242 that expires
 * 04/31. Its label follows the brand and last digits unless given.
 */
export function paymentMethodFixture(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  const card = {
    id: 2,
    brand: 'Visa',
    last4: '4242',
    exp_month: 4,
    exp_year: 2031,
    is_default: true,
    created_at: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
  return { label: `${card.brand} ending ${card.last4}`, ...card };
}

/** One keyset page of a list, as the API answers it (no page before it). */
export function pageFixture<T>(items: T[], next_cursor: string | null = null): Page<T> {
  return { items, next_cursor, prev_cursor: null };
}

/** A Live project of River Trust in Bristol that asks for every kind of giving (dates in 2030). */
export const projectFixture = fixtureOf<Project>(() => ({
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
  state_id: null,
  city_id: null,
  post_code: 'BS1 4DJ',
  latitude: null,
  longitude: null,
  logo: null,
  cover: null,
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
}));

/** The summary of a project as the API answers it, by default of `projectFixture()`: 12 days left, in rupees. */
export function projectSummaryFixture(
  overrides: Partial<ProjectSummary> = {},
  project: Project = projectFixture(),
): ProjectSummary {
  const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
  return {
    project_id: project.id,
    status: project.status,
    funds_target: project.funds_target,
    funds_raised: project.funds_raised,
    funds_held: project.funds_raised,
    donors_count: project.donors_count,
    volunteering_hours: project.volunteering_hours,
    volunteering_pledged: project.volunteering_pledged,
    skilled_hours: sum(project.skill_needs.map((need) => need.hours)),
    skilled_pledged: project.skilled_pledged,
    gifts_needed: sum(project.gift_needs.map((need) => need.quantity)),
    gifts_pledged: project.gifts_pledged,
    updates_count: 0,
    impacts_count: 0,
    days_left: 12,
    currency: 'INR',
    ...overrides,
  };
}
