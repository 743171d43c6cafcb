import { beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../../lib/periods.js';
import {
  giveToProject,
  makeCharity,
  makeDonor,
  makeGivingSetUp,
  makeOrganisation,
  type Person,
} from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';
import { addBusinessMember } from '../../testing/organisations.js';
import { checkLedger } from '../ledger/ledger.check.js';
import { forecast, matchAmount } from './matching.service.js';

const START = new Date('2026-03-01T10:00:00Z');
const clock = START;
const t = useTestApp({}, { now: () => clock });
let platform: Person;
let charityId: number;
let projectId: number;

beforeAll(async () => {
  ({ platform, charityId, projectId } = await makeGivingSetUp(t, 'Matching Trust', {
    title: 'School meals',
    fields: {
      description: 'Lunch for every child.',
      end_date: isoDay(new Date(START.getTime() + 60 * 86_400_000)),
      funds_target: 10_000_000,
    },
  }));
});

const join = (businessId: number, adminType: 1 | 2 | 99, signoff = false) =>
  addBusinessMember(t, businessId, adminType, clock, { signoff });

/** An approved organisation with money in its wallet, an Admin and a sign-off admin. */
async function organisation(funds = 1_000_000) {
  const org = await makeOrganisation(t, platform, {
    name: `Match Co ${Math.random().toString(36).slice(2, 7)}`,
    funds,
    members: [{ role: 2 }, { role: 99, signoff: true }],
  });
  const [admin, signoff] = org.members as [Person, Person];
  return { id: org.id, owner: org.owner, admin, signoff };
}

const settings = (body: Record<string, unknown>) => ({
  active: true,
  ratio_percent: 100,
  cap_per_employee: 50_000,
  annual_budget: 200_000,
  ...body,
});

/** The organisation's Super Admin turns matching on with the settings (over the defaults above). */
async function setMatching(org: { id: number; owner: { token: string } }, body: Record<string, unknown>) {
  const res = await t.request('PUT', `/api/business/${org.id}/matching`, {
    token: org.owner.token,
    body: settings(body),
  });
  if (res.statusCode !== 200) throw new Error(res.body);
}

async function employeeGives(businessId: number, amount: number, employee?: Person) {
  const person = employee ?? (await join(businessId, 99));
  await topUp(t, person.token, Math.max(amount, 100_00));
  const { donation } = await giveToProject(t, person, projectId, amount);
  // The match is made once the gift's event is handled (decision 041).
  await t.settle();
  return { person, donation };
}

/** Handles the events as several API processes would, at the same time. */
const settleInParallel = () => Promise.all(Array.from({ length: 4 }, () => t.settle()));

describe('matching rules', () => {
  it('takes the ratio within the employee cap and the budget left', () => {
    const s = { ratioPercent: 50, capPerEmployee: 10_000, annualBudget: 30_000 };
    expect(matchAmount(8_000, s, 0, 0)).toBe(4_000);
    expect(matchAmount(30_000, s, 0, 0)).toBe(10_000);
    expect(matchAmount(8_000, s, 8_000, 0)).toBe(2_000);
    expect(matchAmount(8_000, s, 0, 29_000)).toBe(1_000);
    expect(matchAmount(8_000, s, 10_000, 0)).toBe(0);
  });

  it('forecasts the day the budget runs out from this year’s rate', () => {
    // 59 days into 2026 and half of it spent: the other half lasts as long again.
    const now = new Date('2026-03-01T00:00:00Z');
    expect(forecast(now, 59_000, 118_000)).toEqual({ runsOutOn: '2026-04-29', rate: 1_000 });
    expect(forecast(now, 0, 118_000)).toEqual({ runsOutOn: null, rate: 0 });
    expect(forecast(now, 1_000, 118_000).runsOutOn).toBeNull();
    expect(forecast(now, 118_000, 118_000).runsOutOn).toBe('2026-03-01');
  });
});

describe('matching settings', () => {
  it('are set by admins, read with the budget, refused to employees and strangers', async () => {
    const org = await organisation();
    const empty = await t.request('GET', `/api/business/${org.id}/matching`, { token: org.admin.token });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ configured: false, active: false, budget_used: 0 });
    const put = await t.request('PUT', `/api/business/${org.id}/matching`, {
      token: org.admin.token,
      body: settings({}),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      configured: true,
      active: true,
      ratio_percent: 100,
      annual_budget: 200_000,
      budget_left: 200_000,
      year: 2026,
      runs_out_on: null,
    });
    const employee = await join(org.id, 99);
    const stranger = await t.createUser();
    for (const who of [employee, stranger, org.signoff]) {
      expect(
        (await t.request('GET', `/api/business/${org.id}/matching`, { token: who.token })).statusCode,
      ).toBe(403);
      expect(
        (await t.request('PUT', `/api/business/${org.id}/matching`, { token: who.token, body: settings({}) }))
          .statusCode,
      ).toBe(403);
    }
    expect((await t.request('GET', `/api/business/${org.id}/matching`)).statusCode).toBe(401);
    expect(
      (await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: employee.token }))
        .statusCode,
    ).toBe(403);
  });

  it('refuse bad input with the fields named', async () => {
    const org = await organisation(0);
    const bad = async (body: Record<string, unknown>) =>
      t.request('PUT', `/api/business/${org.id}/matching`, { token: org.owner.token, body });
    for (const [body, field] of [
      [settings({ ratio_percent: 0 }), 'ratio_percent'],
      [settings({ ratio_percent: 1001 }), 'ratio_percent'],
      [settings({ ratio_percent: 12.5 }), 'ratio_percent'],
      [settings({ cap_per_employee: -1 }), 'cap_per_employee'],
      [settings({ cap_per_employee: 300_000 }), 'cap_per_employee'],
      [settings({ annual_budget: 'lots' }), 'annual_budget'],
      [settings({ extra: true }), null],
    ] as const) {
      const res = await bad(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(res.json().error.details.fields[field]).toBeTruthy();
    }
    expect(
      (await t.request('GET', '/api/business/999999/matching', { token: org.owner.token })).statusCode,
    ).toBe(403);
  });
});

describe('an employee asking the organisation to give', () => {
  it('waits for sign-off, and is refused as recurring or with Gift Aid, with the field named', async () => {
    const org = await organisation();
    const employee = await join(org.id, 99);
    const ask = (body: Record<string, unknown>) =>
      t.request('POST', `/api/business/${org.id}/donate/project/${projectId}`, {
        token: employee.token,
        body,
      });
    const asked = await ask({ type: 2, amount: 4_000 });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().donation).toMatchObject({ status: 20, donor: { kind: 'business', id: org.id } });
    const recurring = await ask({ type: 2, amount: 4_000, frequency: 3, start_date: isoDay(START) });
    expect(recurring.statusCode).toBe(400);
    expect(recurring.json().error.details.fields.frequency).toBe('Give once on behalf of an organisation.');
    const giftAid = await ask({ type: 2, amount: 4_000, gift_aid: true });
    expect(giftAid.statusCode).toBe(400);
    expect(giftAid.json().error.details.fields.gift_aid).toBe('Only individuals can add Gift Aid.');
    // A sign-off admin other than the employee approves it.
    const own = await t.request('POST', `/api/business/${org.id}/approve_donations`, {
      token: org.signoff.token,
      body: { donation_ids: [asked.json().donation.id], action: 'approve' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('a match', () => {
  it('is the organisation’s own donation, linked to the employee’s gift, waiting for sign-off', async () => {
    const org = await organisation();
    await setMatching(org, { ratio_percent: 50 });
    const { person, donation } = await employeeGives(org.id, 20_000);
    const matches = await t.request('GET', `/api/business/${org.id}/matching/donations`, {
      token: org.admin.token,
    });
    expect(matches.statusCode, matches.body).toBe(200);
    expect(matches.json().items).toHaveLength(1);
    const match = matches.json().items[0];
    expect(match).toMatchObject({
      status: 20,
      amount: 10_000,
      donor: { kind: 'business', id: org.id },
      project: { id: projectId },
      match_of: { id: donation.id, amount: 20_000, employee: { id: person.id } },
    });
    expect(match.history[0].reason).toBe(`Match of donation ${donation.id}`);
    // It holds the organisation's money and waits in the approval inbox like any gift.
    const wallet = await t.request('GET', `/api/business/wallet/${org.id}`, { token: org.owner.token });
    expect(wallet.json()).toMatchObject({ wallet_amount: 990_000, held: 10_000 });
    const inbox = await t.request('GET', `/api/business/${org.id}/donations`, { token: org.signoff.token });
    expect(inbox.json().items.map((d: { id: number }) => d.id)).toContain(match.id);
    // The employee sees it, and what is left of their cap.
    const mine = await t.request('GET', `/api/business/${org.id}/matching/mine`, { token: person.token });
    expect(mine.json()).toMatchObject({
      active: true,
      ratio_percent: 50,
      matched_this_year: 10_000,
      cap_left: 40_000,
    });
    const myMatches = await t.request('GET', `/api/business/${org.id}/matching/mine/donations`, {
      token: person.token,
    });
    expect(myMatches.json().items.map((d: { id: number }) => d.id)).toEqual([match.id]);
    // The sign-off admin approves it: the organisation's money reaches the project.
    const approve = await t.request('POST', `/api/business/${org.id}/approve_donations`, {
      token: org.signoff.token,
      body: { donation_ids: [match.id], action: 'approve' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect(approve.json().donations[0].status).toBe(80);
    const budget = await t.request('GET', `/api/business/${org.id}/matching`, { token: org.owner.token });
    expect(budget.json()).toMatchObject({ budget_used: 10_000, budget_left: 190_000, matched_count: 1 });
    // 10,000 in 59 days: the rest lasts beyond the year.
    expect(budget.json().runs_out_on).toBeNull();
  });

  it('is never asked for by the employee’s sign-off role: the employee cannot approve the match of their own gift', async () => {
    const org = await organisation();
    await setMatching(org, {});
    const matches = async () =>
      (
        await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token })
      ).json().items;
    // The only sign-off admin's own gift: its match could never be approved, so none is made and
    // nothing is held (decision 033); the gift itself goes through.
    const alone = await employeeGives(org.id, 5_000, org.signoff);
    expect(alone.donation.status).toBe(80);
    expect(await matches()).toEqual([]);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
    await join(org.id, 2, true);
    const { donation } = await employeeGives(org.id, 5_000, org.signoff);
    const [match] = await matches();
    expect(match.match_of.id).toBe(donation.id);
    const own = await t.request('POST', `/api/business/${org.id}/approve_donations`, {
      token: org.signoff.token,
      body: { donation_ids: [match.id], action: 'approve' },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('OWN_DONATION');
  });

  it('keeps within the employee’s cap and the annual budget, and a rejected match frees its share', async () => {
    const org = await organisation();
    await setMatching(org, { cap_per_employee: 15_000, annual_budget: 25_000 });
    const first = await employeeGives(org.id, 10_000);
    await employeeGives(org.id, 10_000, first.person);
    const amounts = async () =>
      (await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token }))
        .json()
        .items.map((d: { amount: number }) => d.amount)
        .sort((a: number, b: number) => a - b);
    expect(await amounts()).toEqual([5_000, 10_000]);
    const second = await employeeGives(org.id, 20_000);
    expect(await amounts()).toEqual([5_000, 10_000, 10_000]);
    await employeeGives(org.id, 20_000);
    expect(await amounts()).toEqual([5_000, 10_000, 10_000]);
    const state = await t.request('GET', `/api/business/${org.id}/matching`, { token: org.owner.token });
    expect(state.json()).toMatchObject({ budget_used: 25_000, budget_left: 0, runs_out_on: '2026-03-01' });
    // Rejecting the second employee's match gives its share back to the budget.
    const list = (
      await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token })
    ).json().items as Array<{ id: number; match_of: { employee: { id: number } } }>;
    const theirs = list.find((d) => d.match_of.employee.id === second.person.id);
    const reject = await t.request('POST', `/api/business/${org.id}/approve_donations`, {
      token: org.signoff.token,
      body: { donation_ids: [theirs?.id], action: 'reject', reason: 'Over this quarter' },
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(
      (await t.request('GET', `/api/business/${org.id}/matching`, { token: org.owner.token })).json()
        .budget_left,
    ).toBe(10_000);
  });

  it('is not made when matching is off, for credits, for strangers, or when the wallet cannot hold it', async () => {
    const org = await organisation(3_000);
    await setMatching(org, { active: false });
    await employeeGives(org.id, 5_000);
    await setMatching(org, {});
    // The wallet holds 3,000: a match of 5,000 is not made, and the employee's gift still goes through.
    const { donation } = await employeeGives(org.id, 5_000);
    expect(donation.status).toBe(80);
    const stranger = await makeDonor(t, 10_000);
    await t.request('POST', `/api/user/donate/charity/${charityId}`, {
      token: stranger.token,
      body: { type: 2, amount: 1_000 },
    });
    await t.settle();
    const matches = await t.request('GET', `/api/business/${org.id}/matching/donations`, {
      token: org.owner.token,
    });
    expect(matches.json().items).toEqual([]);
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('never passes the budget when several employees give at the same moment', async () => {
    const org = await organisation();
    await setMatching(org, { cap_per_employee: 10_000, annual_budget: 30_000 });
    const people = await Promise.all(Array.from({ length: 8 }, () => join(org.id, 99)));
    for (const person of people) await topUp(t, person.token, 20_000);
    // Each to a charity of their own: no project row nor destination account is shared, so only the
    // matching settings' lock orders the matches.
    const charities: number[] = [];
    for (const [index] of people.entries()) {
      charities.push((await makeCharity(t, { name: `Parallel Trust ${index}`, platform })).id);
    }
    const answers = await Promise.all(
      people.map((person, index) =>
        t.request('POST', `/api/user/donate/charity/${charities[index]}`, {
          token: person.token,
          body: { type: 2, amount: 10_000 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(people.map(() => 201));
    await settleInParallel();
    const state = await t.request('GET', `/api/business/${org.id}/matching`, { token: org.owner.token });
    expect(state.json()).toMatchObject({ budget_used: 30_000, matched_count: 3 });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('never passes one employee’s cap when they give twice at the same moment', async () => {
    const org = await organisation();
    await setMatching(org, { cap_per_employee: 10_000, annual_budget: 100_000 });
    const person = await join(org.id, 99);
    await topUp(t, person.token, 50_000);
    const targets: number[] = [];
    for (const name of ['Twin Trust A', 'Twin Trust B']) {
      targets.push((await makeCharity(t, { name, platform })).id);
    }
    const answers = await Promise.all(
      targets.map((id) =>
        t.request('POST', `/api/user/donate/charity/${id}`, {
          token: person.token,
          body: { type: 2, amount: 8_000 },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    await settleInParallel();
    const mine = await t.request('GET', `/api/business/${org.id}/matching/mine`, { token: person.token });
    expect(mine.json()).toMatchObject({ matched_this_year: 10_000, cap_left: 0 });
  });
});

describe('the matching preview in the give flow', () => {
  const preview = (token: string | undefined, amount: unknown) =>
    t.request('GET', `/api/user/matching_preview?amount=${amount}`, token ? { token } : {});

  it('says what the organisation would add, within the cap and the budget left, as the match made agrees', async () => {
    const org = await organisation();
    await setMatching(org, { cap_per_employee: 50_000, annual_budget: 200_000 });
    const name = (
      await t.request('GET', `/api/business/${org.id}/matching/mine`, { token: org.admin.token })
    ).json().business.name;
    const employee = await join(org.id, 99);
    const first = await preview(employee.token, 30_000);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ items: [{ business: { id: org.id, name }, amount: 30_000 }] });
    // Over the cap: at most the cap.
    expect((await preview(employee.token, 80_000)).json().items[0].amount).toBe(50_000);
    // After a matched gift, what is left of the cap.
    await employeeGives(org.id, 30_000, employee);
    expect((await preview(employee.token, 30_000)).json().items[0].amount).toBe(20_000);
    // Cap used up: nothing is shown.
    await employeeGives(org.id, 20_000, employee);
    expect((await preview(employee.token, 10_000)).json()).toEqual({ items: [] });
    // Someone in no matching organisation, or with matching off: nothing.
    const stranger = await t.createUser();
    expect((await preview(stranger.token, 10_000)).json()).toEqual({ items: [] });
    await setMatching(org, { active: false });
    expect((await preview(org.admin.token, 10_000)).json()).toEqual({ items: [] });
  });

  it('answers the annual budget left, and nothing when the wallet cannot hold the match', async () => {
    const org = await organisation(5_000);
    await setMatching(org, { cap_per_employee: 50_000, annual_budget: 60_000 });
    const employee = await join(org.id, 99);
    expect((await preview(employee.token, 4_000)).json().items[0].amount).toBe(4_000);
    expect((await preview(employee.token, 6_000)).json()).toEqual({ items: [] });
  });

  it('is refused to visitors and refuses a bad amount with the field named', async () => {
    expect((await preview(undefined, 1_000)).statusCode).toBe(401);
    const person = await t.createUser();
    for (const amount of ['0', '-5', '12.5', 'lots', '']) {
      const res = await preview(person.token, amount);
      expect(res.statusCode, amount).toBe(400);
      expect(res.json().error.details.fields.amount).toBeTruthy();
    }
  });
});
