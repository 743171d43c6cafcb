import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeCharityWithProject,
  makeEmployee,
  makeOrganisation,
  platformAdmin,
  setMatching,
} from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/helpers.js';
import { QUEUE_SCHEMA } from './queue-schema.js';

/**
 * The one event mechanism (docs/decisions/041-one-event-mechanism.md): an event exists exactly when
 * its change does, each handler runs after the commit, a failing handler is tried again, and a
 * handler run twice changes nothing the second time.
 */
describe('events', () => {
  let t: TestApp;
  const db = () => t.ctx.database.db;

  const rowsOf = async <T>(query: SQL) => ((await db().execute(query)) as unknown as { rows: T[] }).rows;
  const pendingJobs = async (task: string) => {
    return rowsOf<{ id: string; attempts: number; last_error: string | null }>(
      sql`select id, attempts, last_error from ${sql.raw(QUEUE_SCHEMA)}.jobs where task_identifier = ${task}`,
    );
  };
  const eventsOf = async (type: string) => {
    return rowsOf<{ id: string; data: Record<string, unknown> }>(
      sql`select id, data from events where type = ${type} order by created_at`,
    );
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('records nothing, and runs no handler, for a change whose transaction rolled back', async () => {
    const before = await eventsOf('explore.map_refreshed');
    await expect(
      db().transaction(async (tx) => {
        await t.ctx.events.record(tx, 'explore.map_refreshed', {});
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf('explore.map_refreshed')).toEqual(before);
    expect(await pendingJobs('public-cache.map')).toEqual([]);
  });

  it('queues one job per handler with the change, and runs it after the commit', async () => {
    await db().transaction((tx) => t.ctx.events.record(tx, 'explore.map_refreshed', {}));
    expect(await pendingJobs('public-cache.map')).toHaveLength(1);
    await t.settle();
    expect(await pendingJobs('public-cache.map')).toEqual([]);
  });

  it('tries a failing handler again later, with its error kept, until it succeeds', async () => {
    let calls = 0;
    t.ctx.events.on('organisation.member_joined', 'test.fails-once', async () => {
      calls += 1;
      if (calls === 1) throw new Error('the mail server went away');
    });
    await db().transaction((tx) =>
      t.ctx.events.record(tx, 'organisation.member_joined', {
        business_id: 1,
        user_id: 1,
        sub_group_id: null,
      }),
    );
    await expect(t.settle()).rejects.toThrow(/test\.fails-once: the mail server went away/);
    const [failed] = await pendingJobs('test.fails-once');
    expect(failed).toMatchObject({
      attempts: 1,
      last_error: expect.stringContaining('mail server went away'),
    });
    // Its retry waits (seconds, growing); bring it forward rather than wait.
    await db().execute(
      sql`update ${sql.raw(QUEUE_SCHEMA)}._private_jobs set run_at = now() where task_id in
          (select id from ${sql.raw(QUEUE_SCHEMA)}._private_tasks where identifier = 'test.fails-once')`,
    );
    await t.settle();
    expect(calls).toBe(2);
    expect(await pendingJobs('test.fails-once')).toEqual([]);
  });

  it('matches an employee’s gift once, however many times its event is handled', async () => {
    const platform = await platformAdmin(t);
    const org = await makeOrganisation(t, platform, {
      funds: 100_000,
      members: [{ role: 99, signoff: true }],
    });
    await setMatching(t, org, { ratio_percent: 100, annual_budget: 100_000 });
    const employee = await makeEmployee(t, org, 10_000);
    const { projectId } = await makeCharityWithProject(t, { platform });
    const gift = await t.request('POST', `/api/user/donate/project/${projectId}`, {
      token: employee.token,
      body: { type: 2, amount: 4_000 },
    });
    expect(gift.statusCode, gift.body).toBe(201);
    const matches = async () =>
      (
        await t.request('GET', `/api/business/${org.id}/matching/donations`, { token: org.owner.token })
      ).json().items as Array<{ amount: number; match_of: { id: number } }>;
    // Not yet: the match is made after the commit.
    expect(await matches()).toEqual([]);
    await t.settle();
    expect((await matches()).map((m) => [m.amount, m.match_of.id])).toEqual([
      [4_000, gift.json().donation.id],
    ]);
    // The same event delivered again (a worker that died after its work, before it said so).
    const [made] = (await eventsOf('donation.made')).filter(
      (e) => e.data.donation_id === gift.json().donation.id,
    );
    const rows = await rowsOf<{ payload: string }>(
      sql`select json_build_object('id', id, 'type', type, 'data', data, 'created_at', created_at)::text as payload
          from events where id = ${made?.id}`,
    );
    await db().execute(
      sql`select ${sql.raw(QUEUE_SCHEMA)}.add_job('matching.match-own-gift', ${rows[0]?.payload}::json)`,
    );
    await t.settle();
    expect(await matches()).toHaveLength(1);
  });
});
