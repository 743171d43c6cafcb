import { beforeAll, describe, expect, it } from 'vitest';
import { businessMemberships, donationSubscriptions } from '../../db/schema.js';
import { isoDay } from '../../lib/periods.js';
import { fundOrganisation, makeGivingSetUp, type Person } from '../../testing/factories.js';
import { useTestApp } from '../../testing/helpers.js';
import { topUp } from '../../testing/money.js';

const START = new Date('2026-05-10T10:00:00Z');
const t = useTestApp({}, { now: () => START });
let platform: Person;
let charityId: number;
let projectId: number;
const org = { parent: 0, child: 0, owner: null as unknown as Person, signoff: null as unknown as Person };
let childAdmin: Person;
let employee: Person;

const day = (offset: number) => isoDay(new Date(START.getTime() + offset * 86_400_000));

async function join(businessId: number, adminType: 1 | 2 | 99, signoff = false) {
  const member = await t.createUser();
  await t.ctx.database.db
    .insert(businessMemberships)
    .values({ businessId, userId: member.id, adminType, isSignoffAdmin: signoff, createdAt: START });
  return member;
}

async function give(
  businessId: number,
  target: string,
  body: Record<string, unknown>,
  token = org.owner.token,
) {
  const res = await t.request('POST', `/api/business/${businessId}/donate/${target}`, { token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().donation.id as number;
}

const act = (businessId: number, ids: number[], action: 'approve' | 'reject', reason?: string) =>
  t.request('POST', `/api/business/${businessId}/approve_donations`, {
    token: org.signoff.token,
    body: { donation_ids: ids, action, ...(reason ? { reason } : {}) },
  });

beforeAll(async () => {
  ({ platform, charityId, projectId } = await makeGivingSetUp(t, 'Report Trust', {
    title: 'River restoration',
    fields: {
      description: 'Clean water.',
      end_date: day(60),
      funds_target: 5_000_000,
      volunteering_hours: 100,
      gift_needs: [{ type: 1, description: 'Waders', quantity: 10 }],
    },
  }));

  org.owner = await t.createUser();
  org.parent = (
    await t.request('POST', '/api/business', {
      token: platform.token,
      body: { name: 'Report Group', admin_email: org.owner.email },
    })
  ).json().id;
  org.child = (
    await t.request('POST', '/api/organisation/sub_business', {
      token: org.owner.token,
      body: { parent_id: org.parent, name: 'Report Branch' },
    })
  ).json().id;
  org.signoff = await join(org.parent, 99, true);
  await t.ctx.database.db.insert(businessMemberships).values({
    businessId: org.child,
    userId: org.signoff.id,
    adminType: 99,
    isSignoffAdmin: true,
    createdAt: START,
  });
  childAdmin = await join(org.child, 2);
  employee = await join(org.parent, 99);
  for (const id of [org.parent, org.child]) await fundOrganisation(t, platform, id, 500_000, 'Budget');
  // The parent gives funds to the project and the charity, one rejected; the branch gives funds.
  const a = await give(org.parent, `project/${projectId}`, { type: 2, amount: 40_000 });
  const b = await give(org.parent, `charity/${charityId}`, { type: 2, amount: 10_000 });
  const c = await give(org.parent, `charity/${charityId}`, { type: 2, amount: 7_000 });
  await act(org.parent, [a, b], 'approve');
  await act(org.parent, [c], 'reject', 'Not this quarter');
  const d = await give(org.child, `project/${projectId}`, { type: 2, amount: 5_000 });
  await act(org.child, [d], 'approve');
  await give(org.parent, `project/${projectId}`, { type: 2, amount: 1_000 });
  // A gift of goods signed off (it reaches the charity at 30).
  const g = await give(org.parent, `project/${projectId}`, {
    type: 5,
    gift_type: 1,
    description: 'Waders',
    quantity: 6,
    estimated_value: 12_000,
  });
  await act(org.parent, [g], 'approve');
  // An employee volunteers on their own: it counts for the organisation.
  await topUp(t, employee.token, 1_000);
  const hours = await t.request('POST', `/api/user/donate/project/${projectId}`, {
    token: employee.token,
    body: { type: 3, hours: 6, date: day(10) },
  });
  if (hours.statusCode !== 201) throw new Error(hours.body);
});

describe('organisation reports', () => {
  it('total the organisation with its sub-businesses and say so, employees’ hours included', async () => {
    const res = await t.request('GET', `/api/business/total_statistics/${org.parent}`, {
      token: org.owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      business_id: org.parent,
      includes_sub_businesses: true,
      businesses: [
        { id: org.parent, name: 'Report Group' },
        { id: org.child, name: 'Report Branch' },
      ],
      funds_given: 55_000,
      awaiting_signoff: 1,
      rejected_count: 1,
      gifts_count: 6,
      gifts_value: 12_000,
      volunteering_hours: 6,
      employees_giving: 1,
      charities_supported: 1,
      projects_supported: 1,
      by_month: [{ month: '2026-05', funds: 55_000, hours: 6, gifts: 6 }],
    });
    expect(res.json().by_type).toEqual([
      { type: 2, count: 3, amount: 55_000, hours: 0 },
      { type: 3, count: 1, amount: 0, hours: 6 },
      { type: 5, count: 1, amount: 0, hours: 0 },
    ]);
    const alone = await t.request(
      'GET',
      `/api/business/total_statistics/${org.parent}?include_sub_businesses=false`,
      {
        token: org.owner.token,
      },
    );
    expect(alone.json()).toMatchObject({ includes_sub_businesses: false, funds_given: 50_000 });
  });

  it('count only the chosen date range, both days included, and refuse an end before the start', async () => {
    const get = (path: string) => t.request('GET', `/api${path}`, { token: org.owner.token });
    // Everything was given on day 0.
    const inside = await get(`/business/total_statistics/${org.parent}?from=${day(0)}&to=${day(0)}`);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json()).toMatchObject({ funds_given: 55_000, gifts_count: 6 });
    const before = await get(`/business/total_statistics/${org.parent}?from=${day(-365)}&to=${day(-1)}`);
    expect(before.json()).toMatchObject({ funds_given: 0, gifts_count: 0, by_month: [] });
    const after = await get(`/business/donations/${org.parent}?from=${day(1)}&to=${day(30)}`);
    expect(after.json().items).toEqual([]);
    const listed = await get(`/business/donations/${org.parent}?from=${day(-30)}&to=${day(0)}`);
    expect(listed.json().items.length).toBeGreaterThan(0);
    const byCharity = await get(`/business/donations_by_charity/${org.parent}?from=${day(1)}`);
    expect(byCharity.json().items).toEqual([]);
    const csv = await get(`/business/donations_csv/${org.parent}?from=${day(1)}`);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
    for (const path of [
      `/business/total_statistics/${org.parent}?from=${day(0)}&to=${day(-1)}`,
      `/business/donations/${org.parent}?from=${day(0)}&to=${day(-1)}`,
      `/business/donations_csv/${org.parent}?from=${day(0)}&to=${day(-1)}`,
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.details.fields.to, path).toBe('The end date is before the start date.');
    }
  });

  it('leave out sub-businesses the caller may not see', async () => {
    const parentAdmin = await join(org.parent, 2);
    const res = await t.request('GET', `/api/business/total_statistics/${org.parent}`, {
      token: parentAdmin.token,
    });
    expect(res.json()).toMatchObject({ includes_sub_businesses: false, funds_given: 50_000 });
    // The branch's own admin sees the branch.
    const branch = await t.request('GET', `/api/business/total_statistics/${org.child}`, {
      token: childAdmin.token,
    });
    expect(branch.json()).toMatchObject({ funds_given: 5_000, includes_sub_businesses: false });
  });

  it('list donations newest first in keyset pages, by kind, rejected, and the employees’ volunteering', async () => {
    const first = await t.request('GET', `/api/business/donations/${org.parent}?limit=3`, {
      token: org.owner.token,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().items).toHaveLength(3);
    expect(first.json().next_cursor).toBeTruthy();
    const second = await t.request(
      'GET',
      `/api/business/donations/${org.parent}?limit=3&cursor=${first.json().next_cursor}`,
      { token: org.owner.token },
    );
    const all = [...first.json().items, ...second.json().items];
    expect(all).toHaveLength(6);
    expect(new Set(all.map((d: { id: number }) => d.id)).size).toBe(6);
    const goods = await t.request('GET', `/api/business/donations_by_type/${org.parent}/5`, {
      token: org.owner.token,
    });
    expect(goods.json().items.map((d: { description: string }) => d.description)).toEqual(['Waders']);
    const rejected = await t.request('GET', `/api/business/rejected_donations/${org.parent}`, {
      token: org.owner.token,
    });
    expect(
      rejected.json().items.map((d: { amount: number; status: number }) => [d.amount, d.status]),
    ).toEqual([[7_000, 90]]);
    const hours = await t.request('GET', `/api/business/volunteering/${org.parent}/3`, {
      token: org.owner.token,
    });
    expect(hours.json().items).toEqual([
      expect.objectContaining({
        hours: 6,
        donor: expect.objectContaining({ kind: 'user', id: employee.id }),
      }),
    ]);
  });

  it('export the donations as CSV', async () => {
    const res = await t.request('GET', `/api/business/donations_csv/${org.parent}`, {
      token: org.owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('kindred-report-group-donations.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'date,organisation,kind,charity,project,amount,hours,quantity,status,requested_by,match_of',
    );
    expect(lines).toHaveLength(7);
    expect(res.body).toContain('Report Branch,Funds,Report Trust,River restoration,50.00');
    expect(
      (await t.request('GET', `/api/business/donations_csv/${org.parent}`, { token: employee.token }))
        .statusCode,
    ).toBe(403);
  });

  it('group what was given by charity and by project', async () => {
    const charities = await t.request('GET', `/api/business/donations_by_charity/${org.parent}`, {
      token: org.owner.token,
    });
    expect(charities.json().items).toEqual([
      { id: charityId, name: 'Report Trust', charity: null, funds: 55_000, hours: 0, gifts: 6, count: 4 },
    ]);
    const projects = await t.request('GET', `/api/business/donations_by_project/${org.parent}`, {
      token: org.owner.token,
    });
    expect(projects.json().items).toEqual([
      {
        id: projectId,
        name: 'River restoration',
        charity: { id: charityId, name: 'Report Trust' },
        funds: 45_000,
        hours: 0,
        gifts: 6,
        count: 3,
      },
    ]);
  });

  it('list recurring donations and their next dates, and cancel one', async () => {
    const [sub] = await t.ctx.database.db
      .insert(donationSubscriptions)
      .values({
        donorType: 'business',
        donorId: org.parent,
        method: 2,
        charityId,
        amount: 2_500,
        source: 'wallet',
        frequency: 3,
        startDate: day(0),
        nextDate: day(20),
        status: 'active',
        createdAt: START,
        updatedAt: START,
      })
      .returning();
    const list = await t.request('GET', `/api/business/${org.parent}/donation_subscriptions`, {
      token: org.owner.token,
    });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: sub?.id, amount: 2_500, status: 'active' }),
    ]);
    const future = await t.request('GET', `/api/business/future_donations/${org.parent}`, {
      token: org.owner.token,
    });
    expect(future.json().items).toEqual([
      expect.objectContaining({ subscription_id: sub?.id, date: day(20) }),
    ]);
    const employeeCancel = await t.request(
      'POST',
      `/api/business/${org.parent}/cancel_donation_subscription/${sub?.id}`,
      {
        token: employee.token,
      },
    );
    expect(employeeCancel.statusCode).toBe(403);
    const elsewhere = await t.request(
      'POST',
      `/api/business/${org.child}/cancel_donation_subscription/${sub?.id}`,
      {
        token: org.owner.token,
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    const cancel = await t.request(
      'POST',
      `/api/business/${org.parent}/cancel_donation_subscription/${sub?.id}`,
      {
        token: org.owner.token,
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().subscription).toMatchObject({ status: 'cancelled', next_date: null });
    const again = await t.request(
      'POST',
      `/api/business/${org.parent}/cancel_donation_subscription/${sub?.id}`,
      {
        token: org.owner.token,
      },
    );
    expect(again.statusCode).toBe(409);
    expect(
      (
        await t.request('GET', `/api/business/future_donations/${org.parent}`, { token: org.owner.token })
      ).json().items,
    ).toEqual([]);
  });

  it('are for the organisation’s admins only, and refuse bad input', async () => {
    const stranger = await t.createUser();
    const calls = [
      `/api/business/total_statistics/${org.parent}`,
      `/api/business/donations/${org.parent}`,
      `/api/business/donations_by_type/${org.parent}/2`,
      `/api/business/volunteering/${org.parent}/3`,
      `/api/business/donations_by_charity/${org.parent}`,
      `/api/business/donations_by_project/${org.parent}`,
      `/api/business/future_donations/${org.parent}`,
      `/api/business/rejected_donations/${org.parent}`,
      `/api/business/${org.parent}/donation_subscriptions`,
    ];
    for (const url of calls) {
      expect((await t.request('GET', url, { token: employee.token })).statusCode, url).toBe(403);
      expect((await t.request('GET', url, { token: org.signoff.token })).statusCode, url).toBe(403);
      expect((await t.request('GET', url, { token: stranger.token })).statusCode, url).toBe(403);
      expect((await t.request('GET', url)).statusCode, url).toBe(401);
    }
    for (const url of [
      `/api/business/donations_by_type/${org.parent}/7`,
      `/api/business/volunteering/${org.parent}/2`,
      `/api/business/donations/${org.parent}?cursor=nonsense`,
      `/api/business/donations/${org.parent}?limit=0`,
      `/api/business/total_statistics/${org.parent}?from=yesterday`,
      `/api/business/total_statistics/${org.parent}?include_sub_businesses=maybe`,
    ]) {
      const res = await t.request('GET', url, { token: org.owner.token });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
