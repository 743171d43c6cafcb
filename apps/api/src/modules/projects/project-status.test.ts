import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charityMemberships, ledgerTransactions } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { giveToProject, makeCharity, makeProject, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';

/**
 * The project status machine (docs/product/projects-and-charities.md#transitions), transition by
 * transition: every allowed move, and every other one answering 409.
 */
let clock = new Date();
const t = useTestApp({}, { now: () => clock });
let platform: Person;
let charityId: number;
let admin: Person;

const DAY = 86_400_000;
const day = (offset: number) => isoDay(new Date(clock.getTime() + offset * DAY));
const READY = { description: 'Clean the river banks.', funds_target: 50_000 };
const finishExpired = () =>
  t.jobs.find((job) => job.name === 'finish expired projects')?.run() as Promise<number>;

const approvedCharity = (name = 'Status Trust') => makeCharity(t, { name, platform });

/** A new end date for a Live project, asked by the person with the token. */
const extendEnd = (id: number, token: string, body: { end_date: string }) =>
  t.request('PATCH', `/api/project/extend/${id}`, { token, body });

/** The project's owner or admin asks to take it Live. */
const publish = (id: number, token: string) =>
  t.request('PATCH', `/api/project/update/${id}`, { token, body: { status: 2 } });

async function ok(method: 'POST' | 'PATCH', url: string, body?: unknown, token = admin.token) {
  const res = await t.request(method, url, { token, ...(body === undefined ? {} : { body }) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.body}`);
  return res.json();
}

/** The states a project can be in; Finished comes two ways (by its end date or by its impact). */
type State = 'cancelled' | 'draft' | 'live' | 'completed' | 'finished_impact' | 'finished_date';
const STATUS: Record<State, number> = {
  cancelled: 0,
  draft: 1,
  live: 2,
  completed: 3,
  finished_impact: 9,
  finished_date: 9,
};
const STATES = Object.keys(STATUS) as State[];

/** A fresh project of the test charity in the given state, through the API. */
async function projectIn(state: State): Promise<number> {
  const id = await makeProject(t, admin, {
    title: `A ${state} project`,
    charityId,
    status: state === 'finished_impact' ? 'finished' : state === 'finished_date' ? 'live' : state,
    fields: { end_date: state === 'finished_date' ? day(0) : day(30), ...READY },
  });
  if (state === 'finished_date') {
    // Finished by its end date: the nightly job runs the day after.
    const saved = clock;
    clock = new Date(clock.getTime() + DAY);
    try {
      await finishExpired();
    } finally {
      clock = saved;
    }
  }
  return id;
}

async function current(id: number) {
  return (await t.request('GET', `/api/project/${id}`, { token: admin.token })).json();
}

async function donate(donor: Person, projectId: number, amount: number) {
  await giveToProject(t, donor, projectId, amount);
}

async function wallet(user: Person) {
  return (await t.request('GET', '/api/user/get', { token: user.token })).json().user.wallet_amount as number;
}

beforeAll(async () => {
  platform = await t.createUser({ isIicAdmin: true, adminType: 2 });
  ({ id: charityId, admin } = await approvedCharity());
});

describe('PATCH /project/update/{id} moves a project only where the transition table allows', () => {
  /**
   * Allowed: Draft -> Live (publish), Draft/Live -> Cancelled, Live -> Completed, Completed -> Finished,
   * and Finished-by-end-date -> Completed (its funds still have to reach the charity).
   */
  const allowed: Partial<Record<State, number[]>> = {
    draft: [2, 0],
    live: [0, 3],
    completed: [9],
    finished_date: [3],
  };
  const cases = STATES.flatMap((from) => [0, 1, 2, 3, 9].map((to) => ({ from, to })));
  it.each(cases)('$from -> $to', async ({ from, to }) => {
    const id = await projectIn(from);
    const res = await t.request('PATCH', `/api/project/update/${id}`, {
      token: admin.token,
      body: { status: to },
    });
    if (allowed[from]?.includes(to)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(to);
      expect((await current(id)).status).toBe(to);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'INVALID_TRANSITION',
        details: { from: STATUS[from], to },
      });
      expect((await current(id)).status).toBe(STATUS[from]);
    }
  });

  it('refuses a status that does not exist, and anyone who does not run the project', async () => {
    const id = await projectIn('draft');
    for (const status of [4, 5, -1, '2', null]) {
      const res = await t.request('PATCH', `/api/project/update/${id}`, {
        token: admin.token,
        body: { status },
      });
      expect(res.statusCode, String(status)).toBe(400);
    }
    const stranger = await t.createUser();
    const member = await t.createUser();
    await t.ctx.database.db.insert(charityMemberships).values({
      createdAt: t.ctx.now(),
      charityId,
      userId: member.id,
      adminType: 99,
      permissions: ['view_finance'],
    });
    for (const token of [stranger.token, member.token]) {
      const res = await t.request('PATCH', `/api/project/update/${id}`, { token, body: { status: 2 } });
      expect(res.statusCode).toBe(403);
    }
    expect((await t.request('PATCH', `/api/project/update/${id}`, { body: { status: 2 } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request('PATCH', '/api/project/update/999999', { token: admin.token, body: { status: 2 } }))
        .statusCode,
    ).toBe(404);
    expect((await current(id)).status).toBe(1);
  });
});

describe('the action calls move a project only where the transition table allows', () => {
  const table: Array<{ action: string; allowedFrom: State[]; to: number }> = [
    { action: 'complete', allowedFrom: ['live', 'finished_date'], to: 3 },
    { action: 'cancel', allowedFrom: ['draft', 'live'], to: 0 },
    { action: 'extend', allowedFrom: ['live', 'finished_date'], to: 2 },
    { action: 'impact', allowedFrom: ['live', 'completed', 'finished_impact', 'finished_date'], to: 9 },
    { action: 'return', allowedFrom: ['live'], to: 1 },
  ];
  const cases = table.flatMap((row) => STATES.map((from) => ({ ...row, from })));

  async function act(action: string, id: number) {
    switch (action) {
      case 'complete':
        return t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
      case 'cancel':
        return t.request('POST', `/api/project/${id}/cancel`, { token: admin.token });
      case 'extend':
        return extendEnd(id, admin.token, { end_date: day(90) });
      case 'impact':
        return t.request('POST', `/api/project/${id}/impact`, {
          token: admin.token,
          body: { title: 'Our impact', body: 'Twelve bags of litter.', beneficiaries: 300 },
        });
      default:
        return t.request('POST', '/api/admin/return', {
          token: platform.token,
          body: { project_id: id, reason: 'Please check the description.' },
        });
    }
  }

  it.each(cases)('$action from $from', async ({ action, allowedFrom, to, from }) => {
    const id = await projectIn(from);
    const res = await act(action, id);
    if (allowedFrom.includes(from)) {
      expect(res.statusCode, res.body).toBe(action === 'impact' ? 201 : 200);
      expect((await current(id)).status).toBe(to);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('INVALID_TRANSITION');
      expect((await current(id)).status).toBe(STATUS[from]);
    }
  });
});

describe('publishing', () => {
  it('needs a description, a future end date and at least one need, naming what is missing', async () => {
    const { id } = await ok('POST', '/api/project/create', { title: 'Bare', charity_id: charityId });
    const bare = await publish(id, admin.token);
    expect(bare.statusCode).toBe(409);
    expect(bare.json().error.code).toBe('NOT_READY_TO_PUBLISH');
    expect(Object.keys(bare.json().error.details.fields).sort()).toEqual([
      'description',
      'end_date',
      'needs',
    ]);

    await ok('PATCH', `/api/project/${id}`, { description: 'Now described.', end_date: day(-1) });
    const past = await publish(id, admin.token);
    expect(Object.keys(past.json().error.details.fields).sort()).toEqual(['end_date', 'needs']);

    for (const need of [
      { funds_target: 1_000 },
      { volunteering_hours: 5 },
      { skill_needs: [{ type: 3, hours: 2 }] },
      { gift_needs: [{ type: 1, description: 'Books', quantity: 10 }] },
    ]) {
      const draft = await ok('POST', '/api/project/create', {
        title: 'One need',
        charity_id: charityId,
        description: 'Described.',
        end_date: day(0),
        ...need,
      });
      const res = await publish(draft.id, admin.token);
      expect(res.statusCode, JSON.stringify(need)).toBe(200);
      expect(res.json().published_at).not.toBeNull();
    }
    expect((await current(id)).status).toBe(1);
  });

  it("needs an approved, unlocked charity; a person's own project needs a charity first", async () => {
    const applicant = await t.createUser();
    const { id: pending } = await makeCharity(t, {
      status: 'pending',
      admin: applicant,
      name: 'Waiting Trust',
      charityTypes: [1],
    });
    const draft = await ok(
      'POST',
      '/api/project/create',
      { title: 'Waiting', charity_id: pending, end_date: day(10), ...READY },
      applicant.token,
    );
    const notApproved = await publish(draft.id, applicant.token);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().error.code).toBe('CHARITY_NOT_APPROVED');

    const { id: lockedId, admin: lockedAdmin } = await approvedCharity('Soon Locked Trust');
    const lockedDraft = await ok(
      'POST',
      '/api/project/create',
      { title: 'Locked out', charity_id: lockedId, end_date: day(10), ...READY },
      lockedAdmin.token,
    );
    await ok(
      'PATCH',
      `/api/admin/charity/${lockedId}/lock`,
      { lock_status: true, reason: 'Under review' },
      platform.token,
    );
    const locked = await publish(lockedDraft.id, lockedAdmin.token);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('CHARITY_LOCKED');

    const person = await t.createUser();
    const own = await ok(
      'POST',
      '/api/project/create',
      { title: 'Mine', end_date: day(10), ...READY },
      person.token,
    );
    const alone = await publish(own.id, person.token);
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.code).toBe('NEEDS_CHARITY');
    const lonelyCancel = await t.request('POST', `/api/project/${own.id}/cancel`, { token: person.token });
    expect(lonelyCancel.statusCode).toBe(200);
  });
});

describe('completing', () => {
  it("moves the project's funds to the charity's funds through the ledger", async () => {
    const id = await projectIn('live');
    const [a, b] = [await t.createUser(), await t.createUser()];
    await topUp(t, a.token, 20_000);
    await topUp(t, b.token, 10_000);
    await donate(a, id, 20_000);
    await donate(b, id, 10_000);
    const before = (await t.request('GET', `/api/charity/funds/${charityId}`, { token: admin.token })).json();

    const res = await t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(3);
    const after = (await t.request('GET', `/api/charity/funds/${charityId}`, { token: admin.token })).json();
    expect(after.charity_funds - before.charity_funds).toBe(30_000);
    expect(after.project_funds - before.project_funds).toBe(-30_000);
    expect((await t.request('GET', `/api/project/${id}/summary`)).json().funds_held).toBe(0);
    const moves = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'project_complete')));
    expect(moves.filter((m) => (m.reference as { project_id?: number }).project_id === id)).toHaveLength(1);
    // The donors' wallets are not touched.
    expect([await wallet(a), await wallet(b)]).toEqual([0, 0]);

    const twice = await t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
    expect(twice.statusCode).toBe(409);
    const stranger = await t.createUser();
    expect(
      (await t.request('POST', `/api/project/${id}/complete`, { token: stranger.token })).statusCode,
    ).toBe(403);
  });

  it('completes a project without funds too', async () => {
    const id = await projectIn('live');
    const res = await t.request('POST', `/api/project/${id}/complete`, { token: admin.token });
    expect(res.statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('gives each donor back what they gave, and nothing to anyone else', async () => {
    const id = await projectIn('live');
    const [a, b, bystander] = [await t.createUser(), await t.createUser(), await t.createUser()];
    await topUp(t, a.token, 9_000);
    await topUp(t, b.token, 4_000);
    await topUp(t, bystander.token, 1_000);
    await donate(a, id, 5_000);
    await donate(a, id, 3_000);
    await donate(b, id, 4_000);
    expect([await wallet(a), await wallet(b)]).toEqual([1_000, 0]);
    const other = await projectIn('live');
    await donate(bystander, other, 1_000);

    const res = await t.request('POST', `/api/project/${id}/cancel`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe(0);
    expect([await wallet(a), await wallet(b), await wallet(bystander)]).toEqual([9_000, 4_000, 0]);
    expect(
      (await t.request('GET', `/api/project/${id}/summary`, { token: admin.token })).json().funds_held,
    ).toBe(0);
    expect((await t.request('GET', `/api/project/${other}/summary`)).json().funds_held).toBe(1_000);
    // Each donation is returned whole through the donations module, and says why.
    const given = [
      ...(await t.request('GET', `/api/user/donations?project_id=${id}`, { token: a.token })).json().items,
      ...(await t.request('GET', `/api/user/donations?project_id=${id}`, { token: b.token })).json().items,
    ];
    expect(given.map((d: { status: number }) => d.status)).toEqual([90, 90, 90]);
    const refunds = await t.ctx.database.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'donation_refund'));
    const ids = new Set(given.map((d: { id: number }) => d.id));
    expect(refunds.filter((r) => r.donationId !== null && ids.has(r.donationId))).toHaveLength(3);

    const again = await t.request('POST', `/api/project/${id}/cancel`, { token: admin.token });
    expect(again.statusCode).toBe(409);
    expect([await wallet(a), await wallet(b)]).toEqual([9_000, 4_000]);
  });
});

describe('extending', () => {
  it('moves the end date of a Live project later, and only later', async () => {
    const id = await projectIn('live');
    const { end_date: end } = await current(id);
    const same = await extendEnd(id, admin.token, { end_date: end });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details.fields).toHaveProperty('end_date');
    const past = await extendEnd(id, admin.token, { end_date: day(-3) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.details.fields).toHaveProperty('end_date');
    const bad = await extendEnd(id, admin.token, { end_date: '31/12/2030' });
    expect(bad.statusCode).toBe(400);
    const res = await extendEnd(id, admin.token, { end_date: day(45) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 2, end_date: day(45) });
    const stranger = await t.createUser();
    expect((await extendEnd(id, stranger.token, { end_date: day(50) })).statusCode).toBe(403);
  });

  it('makes a project Finished by its end date Live again, and it shows on explore', async () => {
    const id = await projectIn('finished_date');
    expect(await current(id)).toMatchObject({ status: 9, finished_reason: 'end_date' });
    expect(
      (await t.request('GET', `/api/explore/project/list?charity_id=${charityId}&limit=100`))
        .json()
        .items.map((p: { id: number }) => p.id),
    ).not.toContain(id);
    const res = await extendEnd(id, admin.token, { end_date: day(10) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 2, finished_reason: null, end_date: day(10) });
    expect(
      (await t.request('GET', `/api/explore/project/list?charity_id=${charityId}&limit=100`))
        .json()
        .items.map((p: { id: number }) => p.id),
    ).toContain(id);
  });

  it('is refused for a locked charity', async () => {
    const { id: lockedId, admin: lockedAdmin } = await approvedCharity('Extend Locked Trust');
    const { id } = await ok(
      'POST',
      '/api/project/create',
      { title: 'Locked later', charity_id: lockedId, end_date: day(5), ...READY },
      lockedAdmin.token,
    );
    await ok('PATCH', `/api/project/update/${id}`, { status: 2 }, lockedAdmin.token);
    await ok(
      'PATCH',
      `/api/admin/charity/${lockedId}/lock`,
      { lock_status: true, reason: 'Under review' },
      platform.token,
    );
    const res = await extendEnd(id, lockedAdmin.token, { end_date: day(50) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CHARITY_LOCKED');
  });
});

describe('the job that finishes expired projects', () => {
  it('moves Live projects past their end date to Finished, exactly once', async () => {
    const { id: jobCharity, admin: jobAdmin } = await approvedCharity('Job Trust');
    const make = async (endOffset: number, publish = true) => {
      const { id } = await ok(
        'POST',
        '/api/project/create',
        { title: 'Timed', charity_id: jobCharity, end_date: day(endOffset), ...READY },
        jobAdmin.token,
      );
      if (publish) await ok('PATCH', `/api/project/update/${id}`, { status: 2 }, jobAdmin.token);
      return id;
    };
    const endsToday = await make(0);
    const endsTomorrow = await make(1);
    const later = await make(20);
    const draft = await make(0, false);
    const completed = await make(0);
    await ok('POST', `/api/project/${completed}/complete`, undefined, jobAdmin.token);
    const state = async (id: number) =>
      (await t.request('GET', `/api/project/${id}`, { token: jobAdmin.token })).json() as {
        status: number;
        finished_reason: string | null;
      };

    await finishExpired();
    expect((await state(endsToday)).status).toBe(2);

    const saved = clock;
    try {
      clock = new Date(saved.getTime() + DAY);
      await t.signIn(jobAdmin);
      const [first, second] = await Promise.all([finishExpired(), finishExpired()]);
      expect(first + second).toBe(1);
      expect(await state(endsToday)).toMatchObject({ status: 9, finished_reason: 'end_date' });
      expect((await state(endsTomorrow)).status).toBe(2);
      expect(await finishExpired()).toBe(0);

      clock = new Date(saved.getTime() + 2 * DAY);
      await t.signIn(jobAdmin);
      expect(await finishExpired()).toBe(1);
      expect(await finishExpired()).toBe(0);
      expect((await state(endsTomorrow)).status).toBe(9);
      expect((await state(later)).status).toBe(2);
      expect((await state(draft)).status).toBe(1);
      expect((await state(completed)).status).toBe(3);
      const explore = (await t.request('GET', `/api/explore/project/list?charity_id=${jobCharity}`)).json();
      expect(explore.items.map((p: { id: number }) => p.id)).toEqual([later]);
      // A finished project stays public.
      expect((await t.request('GET', `/api/project/${endsToday}`)).statusCode).toBe(200);
      const expired = (
        await t.request('GET', `/api/charity/${jobCharity}/expired_projects`, { token: jobAdmin.token })
      ).json();
      expect(expired.items.map((p: { id: number }) => p.id)).toEqual([endsTomorrow, endsToday]);
    } finally {
      clock = saved;
    }
  });
});

describe('impact statements', () => {
  it('finish a Live project with the reason impact, which then cannot be extended', async () => {
    const id = await projectIn('live');
    const res = await t.request('POST', `/api/project/${id}/impact`, {
      token: admin.token,
      body: { title: 'Our impact', body: 'Twelve bags of litter.', beneficiaries: 300 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ project_id: id, beneficiaries: 300, images: [] });
    expect(await current(id)).toMatchObject({ status: 9, finished_reason: 'impact' });
    const extend = await extendEnd(id, admin.token, { end_date: day(60) });
    expect(extend.statusCode).toBe(409);
    const more = await t.request('POST', `/api/project/${id}/impact`, {
      token: admin.token,
      body: { title: 'And more', body: 'Two more bags.' },
    });
    expect(more.statusCode).toBe(201);
    const list = (await t.request('GET', `/api/project/${id}/impact`)).json();
    expect(list.items.map((i: { title: string }) => i.title)).toEqual(['And more', 'Our impact']);
    const bad = await t.request('POST', `/api/project/${id}/impact`, {
      token: admin.token,
      body: { title: 'x', body: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.details.fields).sort()).toEqual(['body', 'title']);
  });
});
