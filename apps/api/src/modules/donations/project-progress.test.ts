import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giveToProject, makeDonor, makeGivingSetUp } from '../../testing/factories.js';
import { countRows, useTestApp } from '../../testing/helpers.js';
import { checkLedger } from '../ledger/ledger.check.js';

// docs/product/projects-and-charities.md#where-the-progress-is-kept: gifts add to a project's progress in slots, read back exactly.
const t = useTestApp({}, { now: () => new Date('2026-05-04T09:00:00Z') });

const project = async (id: number) => (await t.request('GET', `/api/project/${id}`)).json();
const fold = () => t.jobs.find((job) => job.name === 'project progress')?.run();
const card = async (id: number) => {
  const res = await t.request('GET', '/api/explore/project/list?sort=supported&limit=50');
  return (res.json().items as { id: number; funds_raised: number; donors_count: number }[]).find(
    (item) => item.id === id,
  );
};
const give = (token: string, projectId: number, amount: number) =>
  t.request('POST', `/api/user/donate/project/${projectId}`, { token, body: { type: 2, amount } });

describe('a project many give to at once', () => {
  it('counts every gift and every donor once when twenty give at the same moment', async () => {
    const { projectId } = await makeGivingSetUp(t, 'Busy Trust', { title: 'Flood appeal' });
    const donors = [];
    for (let i = 0; i < 20; i++) donors.push(await makeDonor(t, 10_000));
    const answers = await Promise.all(donors.map((donor, i) => give(donor.token, projectId, 1_000 + i)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 201));
    const raised = 20 * 1_000 + (19 * 20) / 2;
    expect(await project(projectId)).toMatchObject({ funds_raised: raised, donors_count: 20 });
    // The explore card says the same, before the round folds the slots into the project and after.
    expect(await card(projectId)).toMatchObject({ funds_raised: raised, donors_count: 20 });
    await fold();
    expect(await countRows(t, 'project_progress', `project_id = ${projectId}`)).toBe(0);
    expect(await project(projectId)).toMatchObject({ funds_raised: raised, donors_count: 20 });
    expect(await card(projectId)).toMatchObject({ funds_raised: raised, donors_count: 20 });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });

  it('counts a donor once however many of their gifts arrive together, and drops them with their last', async () => {
    const { projectId, platform } = await makeGivingSetUp(t, 'Steady Trust', { title: 'Winter coats' });
    const donor = await makeDonor(t, 10_000);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => give(donor.token, projectId, 500)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await project(projectId)).toMatchObject({ funds_raised: 2_500, donors_count: 1 });
    // A second donor, then the first donor's gifts refunded one by one: they count until the last.
    const other = await makeDonor(t, 1_000);
    await giveToProject(t, other, projectId, 700);
    await fold();
    const ids = answers.map((res) => res.json().donation.id as number);
    for (const [i, id] of ids.entries()) {
      const refund = await t.request('POST', `/api/donation/${id}/refund`, {
        token: platform.token,
        body: { reason: 'Given twice by mistake.' },
      });
      expect(refund.statusCode, `refund ${id}`).toBeLessThan(300);
      const expected = i < ids.length - 1 ? 2 : 1;
      expect(await project(projectId)).toMatchObject({ donors_count: expected });
    }
    expect(await project(projectId)).toMatchObject({ funds_raised: 700, donors_count: 1 });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });
});

describe('a project completed while people give to it', () => {
  it('settles every gift that got in and refuses the rest, leaving nothing behind', async () => {
    const { projectId, admin, charityId } = await makeGivingSetUp(t, 'Closing Trust', { title: 'Last call' });
    const donors = [];
    for (let i = 0; i < 12; i++) donors.push(await makeDonor(t, 5_000));
    const gifts = donors.map((donor) => give(donor.token, projectId, 1_000));
    const completed = t.request('POST', `/api/project/${projectId}/complete`, { token: admin.token });
    const answers = await Promise.all(gifts);
    expect((await completed).statusCode).toBe(200);
    const given = answers.filter((res) => res.statusCode === 201);
    for (const res of answers.filter((res) => res.statusCode !== 201))
      expect(res.json().error.code).toBe('PROJECT_NOT_LIVE');
    // Every gift that got in was delivered to the charity with the project's completion.
    const { rows } = (await t.ctx.database.db.execute(
      sql`select status, count(*)::text as n from donations where project_id = ${projectId} group by status`,
    )) as unknown as { rows: { status: number; n: string }[] };
    expect(rows).toEqual(given.length > 0 ? [{ status: 85, n: String(given.length) }] : []);
    const balances = (await t.ctx.database.db.execute(
      sql`select kind, balance::text from ledger_accounts
          where (owner_type = 'project' and owner_id = ${projectId}) or (owner_type = 'charity' and owner_id = ${charityId})`,
    )) as unknown as { rows: { kind: string; balance: string }[] };
    expect(Object.fromEntries(balances.rows.map((row) => [row.kind, Number(row.balance)]))).toMatchObject({
      project_funds: 0,
      charity_funds: given.length * 1_000,
    });
    expect(await checkLedger(t.ctx.database.db)).toEqual([]);
  });
});
