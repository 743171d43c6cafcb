import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import { makeDonor, makeGivingSetUp, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';

/**
 * Every status transition (docs/product/donations.md#transitions), allowed and refused, through the
 * calls that make them: the charity's approve / reject / complete and the platform's complete /
 * reject. A refused move answers 409 and changes nothing (status, money).
 */
type Kind = 'offer' | 'project funds' | 'direct funds' | 'held funds';
type Action = 'approve' | 'reject' | 'complete' | 'platform complete' | 'platform reject';

const clock = new Date('2026-06-01T10:00:00Z');
const t = useTestApp({ donationReviewThreshold: 1_000 }, { now: () => clock });
let platform: Person;
let admin: Person;
let donor: Person;
let charityId: number;
let projectId: number;

beforeAll(async () => {
  donor = await makeDonor(t, 1_000_000);
  ({ platform, charityId, projectId, admin } = await makeGivingSetUp(t, 'Status Trust', {
    title: 'Statuses',
    fields: {
      description: 'Every move.',
      end_date: isoDay(new Date(clock.getTime() + 30 * 86_400_000)),
      volunteering_hours: 1_000,
    },
  }));
});

async function donation(kind: Kind): Promise<{ id: number; status: number }> {
  const [path, body] =
    kind === 'offer'
      ? [`project/${projectId}`, { type: 3, hours: 1 }]
      : kind === 'direct funds'
        ? [`charity/${charityId}`, { type: 2, amount: 500 }]
        : [`project/${projectId}`, { type: 2, amount: kind === 'held funds' ? 2_000 : 500 }];
  const res = await t.request('POST', `/api/user/donate/${path}`, { token: donor.token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().donation;
}

async function act(id: number, action: Action) {
  if (action === 'platform complete')
    return t.request('POST', '/api/admin/complete', { token: platform.token, body: { donation_ids: [id] } });
  if (action === 'platform reject')
    return t.request('POST', '/api/admin/donation/reject', {
      token: platform.token,
      body: { donation_id: id, reason: 'Testing a move' },
    });
  return t.request('POST', `/api/charity/${charityId}/approve_donations`, {
    token: admin.token,
    body: { donation_ids: [id], action, reason: 'Testing a move' },
  });
}

/** How to bring a new donation of a kind to a status. */
const SETUP: Record<string, { kind: Kind; steps: Action[] }> = {
  'offer 30': { kind: 'offer', steps: [] },
  'offer 80': { kind: 'offer', steps: ['approve'] },
  'offer 85': { kind: 'offer', steps: ['complete'] },
  'offer 90': { kind: 'offer', steps: ['reject'] },
  'held funds 40': { kind: 'held funds', steps: [] },
  'project funds 80': { kind: 'project funds', steps: [] },
  'direct funds 80': { kind: 'direct funds', steps: [] },
  'direct funds 85': { kind: 'direct funds', steps: ['platform complete'] },
  'project funds 90': { kind: 'project funds', steps: ['platform reject'] },
};

/** The status each action leads to from each start, or 409 when the move is not allowed. */
const EXPECTED: Record<string, Record<Action, number | 409>> = {
  'offer 30': { approve: 80, reject: 90, complete: 85, 'platform complete': 409, 'platform reject': 90 },
  'offer 80': { approve: 409, reject: 90, complete: 85, 'platform complete': 409, 'platform reject': 90 },
  'offer 85': { approve: 409, reject: 409, complete: 409, 'platform complete': 409, 'platform reject': 409 },
  'offer 90': { approve: 409, reject: 409, complete: 409, 'platform complete': 409, 'platform reject': 409 },
  'held funds 40': {
    approve: 409,
    reject: 409,
    complete: 409,
    'platform complete': 80,
    'platform reject': 90,
  },
  'project funds 80': {
    approve: 409,
    reject: 409,
    complete: 409,
    'platform complete': 409,
    'platform reject': 90,
  },
  'direct funds 80': {
    approve: 409,
    reject: 409,
    complete: 409,
    'platform complete': 85,
    'platform reject': 90,
  },
  'direct funds 85': {
    approve: 409,
    reject: 409,
    complete: 409,
    'platform complete': 409,
    'platform reject': 409,
  },
  'project funds 90': {
    approve: 409,
    reject: 409,
    complete: 409,
    'platform complete': 409,
    'platform reject': 409,
  },
};

const cases = Object.entries(EXPECTED).flatMap(([start, outcomes]) =>
  Object.entries(outcomes).map(([action, outcome]) => ({ start, action: action as Action, outcome })),
);

describe('donation status transitions', () => {
  it.each(cases)('$start, $action -> $outcome', async ({ start, action, outcome }) => {
    const setup = SETUP[start];
    if (!setup) throw new Error(start);
    const created = await donation(setup.kind);
    for (const step of setup.steps) expect((await act(created.id, step)).statusCode).toBe(200);
    const before = (await t.request('GET', '/api/user/wallet', { token: donor.token })).json();
    const res = await act(created.id, action);
    const after = (await t.request('GET', `/api/user/donation/${created.id}`, { token: donor.token })).json()
      .donation;
    if (outcome === 409) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('INVALID_DONATION_STATUS');
      expect(after.status).toBe(Number(start.split(' ').at(-1)));
      expect((await t.request('GET', '/api/user/wallet', { token: donor.token })).json()).toEqual(before);
    } else {
      expect(res.statusCode, res.body).toBe(200);
      expect(after.status).toBe(outcome);
      expect(after.history.at(-1)).toMatchObject({ status: outcome });
    }
  });
});
