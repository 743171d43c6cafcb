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
import { dispatchMemo } from './dispatch-memo.js';
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
  const outboxOf = async (type: string) => {
    return rowsOf<{ seq: string }>(
      sql`select o.seq from event_outbox o join events e on e.id = o.event_id where e.type = ${type}`,
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
    expect(await outboxOf('explore.map_refreshed')).toEqual([]);
  });

  it('leaves the event in the outbox with the change, and runs its handlers after the commit', async () => {
    let runs = 0;
    t.ctx.events.on('group.changed', 'test.counts-runs', async () => {
      runs += 1;
    });
    await db().transaction((tx) =>
      t.ctx.events.record(tx, 'group.changed', { group_id: 1, change: 'updated' }),
    );
    expect(await outboxOf('group.changed')).toHaveLength(1);
    expect(runs).toBe(0);
    await t.settle();
    expect(runs).toBe(1);
    expect(await outboxOf('group.changed')).toEqual([]);
    // No job was needed: the handler ran in the dispatch.
    expect(await pendingJobs('test.counts-runs')).toEqual([]);
  });

  it('gives the listeners of one dispatch one read of what they all ask for, and each dispatch its own', async () => {
    const loads: number[] = [];
    const read = (groupId: number) =>
      dispatchMemo(`test.group:${groupId}`, async () => {
        loads.push(groupId);
        return { groupId };
      });
    const seen: number[] = [];
    t.ctx.events.on('group.changed', 'test.memo-one', async ({ data }) => {
      seen.push((await read(data.group_id)).groupId);
    });
    t.ctx.events.on('group.changed', 'other.memo-two', async ({ data }) => {
      seen.push((await read(data.group_id)).groupId);
    });
    const change = (groupId: number) =>
      db().transaction((tx) =>
        t.ctx.events.record(tx, 'group.changed', { group_id: groupId, change: 'updated' }),
      );
    // Three events of two groups in one dispatch, two listeners in two modules each: two reads.
    await change(71);
    await change(72);
    await change(71);
    await t.settle();
    expect(seen.filter((id) => id === 71)).toHaveLength(4);
    expect(loads.sort()).toEqual([71, 72]);
    // The next dispatch reads again; outside a dispatch, every call reads.
    await change(71);
    await t.settle();
    expect(loads.filter((id) => id === 71)).toHaveLength(2);
    await read(71);
    await read(71);
    expect(loads.filter((id) => id === 71)).toHaveLength(4);
  });

  it('runs the listeners an event was recorded with, and leaves one it does not know to a process that does', async () => {
    let runs = 0;
    t.ctx.events.on('explore.map_refreshed', 'test.known-here', async () => {
      runs += 1;
    });
    // As a process of another version records it (a rolling deploy): one listener this one lacks.
    await db().execute(sql`
      with recorded as (
        insert into events (id, type, data, created_at)
        values (gen_random_uuid(), 'explore.map_refreshed', '{}'::jsonb, now()) returning id
      )
      insert into event_outbox (event_id, listeners)
      select id, array['test.known-here', 'test.elsewhere'] from recorded`);
    await t.settle();
    expect(runs).toBe(1);
    expect(await pendingJobs('test.elsewhere')).toHaveLength(1);
    expect(await pendingJobs('test.known-here')).toEqual([]);
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

  it('keeps a serial queue in its events’ order behind a retry', async () => {
    const seen: number[] = [];
    let failOnce = true;
    t.ctx.events.on(
      'person.changed',
      'test.in-order',
      async ({ data }) => {
        if (data.user_id === 1 && failOnce) {
          failOnce = false;
          throw new Error('the endpoint is down');
        }
        seen.push(data.user_id);
      },
      { queue: 'test.serial' },
    );
    for (const userId of [1, 2, 3])
      await db().transaction((tx) =>
        t.ctx.events.record(tx, 'person.changed', { user_id: userId, change: 'updated' }),
      );
    await expect(t.settle()).rejects.toThrow(/test\.in-order: the endpoint is down/);
    // The first waits for its retry; the two after it wait behind it instead of overtaking it.
    expect(seen).toEqual([]);
    expect(await pendingJobs('test.in-order')).toHaveLength(3);
    await db().execute(
      sql`update ${sql.raw(QUEUE_SCHEMA)}._private_jobs set run_at = now() where task_id in
          (select id from ${sql.raw(QUEUE_SCHEMA)}._private_tasks where identifier = 'test.in-order')`,
    );
    await t.settle();
    expect(seen).toEqual([1, 2, 3]);
    // With the queue empty again, the next event's run is the dispatcher's own.
    await db().transaction((tx) =>
      t.ctx.events.record(tx, 'person.changed', { user_id: 4, change: 'updated' }),
    );
    await t.settle();
    expect(seen).toEqual([1, 2, 3, 4]);
    expect(await pendingJobs('test.in-order')).toEqual([]);
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
