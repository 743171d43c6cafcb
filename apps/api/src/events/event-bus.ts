import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { parseCronItems, type Runner, run, runOnce, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { type Executor, openPool } from '../db/client.js';
import { preparedText } from '../db/prepared.js';
import type { EventCatalogue, EventType, KindredEvent } from './catalogue.js';
import { withDispatchMemo } from './dispatch-memo.js';
import { QUEUE_SCHEMA, queueLogger } from './queue-schema.js';

/**
 * One event mechanism for the whole API (docs/decisions/041-one-event-mechanism.md, and 053 for
 * how the work reaches the handlers).
 *
 * - `record(tx, type, data)` writes the event in the caller's transaction and, in the same
 *   statement, a row of the outbox (`event_outbox`) naming its handlers: the handlers' work exists
 *   exactly when the change does, with the handlers of the version that made the change. Nothing else is written and no one is told: a NOTIFY in the change's transaction
 *   would make every change that records an event commit one after another (PostgreSQL serialises
 *   the commits of notifying transactions), so the dispatcher looks for work instead.
 * - After the commit, one dispatcher at a time on the platform (a transaction-level advisory lock;
 *   each API process's worker tries, every `POLL_MS` while idle) takes the outbox's oldest rows,
 *   runs every handler of each event (each listening module hears the events in their order, one
 *   at a time; four modules side by side), and deletes the rows in the same transaction. A handler that
 *   throws becomes a graphile-worker job of its own, as if graphile had tried it once: tried again
 *   later with growing waits, on any process. So every handler runs at least once: it must be safe
 *   to run twice (a dispatcher that dies after the handlers and before its commit leaves the rows
 *   for the next).
 * - A handler of a serial queue (webhooks keep their events' order) runs in the outbox's order, one
 *   at a time; while its queue has a job waiting in graphile (a retry), the runs after it join that
 *   queue behind it, due at its time, and graphile runs them in their order.
 * - Scheduled jobs, retries and work for one thing (a webhook endpoint's deliveries) run on
 *   graphile-worker, in every process: of several processes, one runs each scheduled slot.
 */

/**
 * How many times a handler is tried before its job is kept as failed: graphile waits e^n seconds
 * after the n-th failure (at most e^10, about 6 hours), so 20 tries span about 3 days.
 */
const HANDLER_ATTEMPTS = 20;
/** How long graphile waits after a first failure (e^1 seconds): a listener that threw in a dispatch waits as long. */
const FIRST_RETRY_MS = Math.round(Math.E * 1000);
/** Jobs one process runs at a time, and listening modules the dispatcher runs at a time. */
const CONCURRENCY = 4;
/** How often an idle worker looks for work in the outbox. */
const POLL_MS = 50;
/** Outbox rows one dispatch takes. */
const BATCH = 200;
/** The advisory lock that keeps dispatch to one process at a time ("kindred events", decision 053). */
const DISPATCH_LOCK = 7_041_053;
/**
 * Completions and failures are written in batches that the runner waits for when it stops (a 0 ms
 * batch): without it graphile writes them after the job without waiting, so `settle()` could
 * answer before a job's end is written. (graphile-worker's local queue, which would take several
 * jobs in one statement, is not used: it runs a serial queue's jobs out of their order across
 * processes, and webhooks keep their events' order.)
 */
const PRESET = { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } };

export type EventHandler<T extends EventType> = (event: KindredEvent<T>) => Promise<void>;

export interface ScheduledJob {
  /** Says what it does, in the logs and for tests that run it by hand. */
  name: string;
  /** When it runs: a cron pattern in UTC (minute hour day month weekday). */
  cron: string;
  run(): Promise<unknown>;
}

export interface EventBus {
  /**
   * `handler` (a stable name such as `matching.match-own-gift`) runs after every committed `type`.
   * With `queue`, its runs happen one at a time in the order the events were recorded, across every
   * process and with every other handler of that queue (a serial queue: webhooks keep their events'
   * order).
   */
  on<T extends EventType>(type: T, handler: string, run: EventHandler<T>, options?: { queue?: string }): void;
  /** Records an event in the caller's transaction, with its row of the outbox when someone listens. */
  record<T extends EventType>(executor: Executor, type: T, data: EventCatalogue[T]): Promise<void>;
  /**
   * An event as `record` writes it, for a database call that writes it itself (`event_record`,
   * called by a gift written in one call): its id, and the listeners its outbox row names.
   */
  prepare<T extends EventType>(
    type: T,
    data: EventCatalogue[T],
  ): { id: string; type: T; data: EventCatalogue[T]; listeners: string[] };
  /**
   * Work after the commit that is not an event (mail that was queued, say): `task` runs once after
   * the caller's transaction commits; the deferrals of one dispatch run it once.
   */
  defer(executor: Executor, task: string): Promise<void>;
  /**
   * Work after the commit for one thing (a webhook endpoint's deliveries): one job of `task` with
   * `payload`, keyed `key` (a pending job of the same key is replaced, so a burst runs it once) and
   * run in the serial queue `queue` (never two at once, in any process).
   */
  enqueue(
    executor: Executor,
    task: string,
    payload: object,
    options: { key: string; queue: string },
  ): Promise<void>;
  /** Runs `task`'s deferred jobs in this process; a process that does not handle it leaves them to others. */
  handle(task: string, run: (payload: unknown) => Promise<unknown>): void;
  /** Starts this process's worker: the dispatcher, the handlers, and the scheduled jobs unless `schedule` is false. */
  start(jobs: ScheduledJob[], options: { schedule: boolean }): Promise<void>;
  /**
   * Runs every event's handlers and every job that is due now, here, until none is left, and throws
   * if a handler failed (tests and command-line tools, which run no worker).
   */
  settle(): Promise<void>;
  /** Stops the worker after the work under way and closes its connections. */
  close(): Promise<void>;
}

interface Listener {
  task: string;
  queue: string | undefined;
}

/** An outbox row as the dispatcher reads it: an event with its record, or a deferred task. */
interface OutboxRow {
  seq: string;
  task: string | null;
  listeners: string[] | null;
  id: string | null;
  type: EventType | null;
  data: Record<string, unknown> | null;
  created_at: Date | null;
}

/** Work of a dispatch left to graphile: a listener that threw, one queued behind it, one this process does not know. */
interface Retry {
  task: string;
  payload: object;
  queue: string | undefined;
  failed?: string;
  after: Date | 'retry' | undefined;
}

/** What one dispatch did: rows taken (0 when there were none, or another process was dispatching). */
interface Dispatched {
  taken: number;
  busy: boolean;
  failures: string[];
}

/** An event with its outbox row when someone listens: the database's `event_record` (migration 0036). */
const recordEvent = preparedText<never>(
  'events_record',
  'select event_record($1, $2, $3::jsonb, $4, $5::text[])',
);
const deferTask = preparedText<never>('events_defer', 'insert into event_outbox (task) values ($1)');

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

export function createEventBus(deps: {
  databaseUrl: string;
  now: () => Date;
  log: () => { error(details: object, message: string): void };
}): EventBus {
  const listeners = new Map<EventType, Listener[]>();
  const tasks: TaskList = {};
  const handled = new Set<string>();
  let pool: pg.Pool | undefined;
  let runner: Runner | undefined;
  let dispatching: Promise<void> | undefined;
  let stopping: AbortController | undefined;
  const logger = queueLogger(deps.log);

  const poolOf = () => {
    // Survives lost connections as the app's own pool does (a restart or failover of the database).
    pool ??= openPool(deps.databaseUrl, CONCURRENCY + 2, 'kindred worker');
    return pool;
  };

  /**
   * A job of `task` in graphile's queue, in the dispatcher's transaction. With `failed`, the job
   * is the retry of a run that threw here: it counts that run as its first attempt and keeps its
   * error. `after` is when it may run: `retry` as graphile waits after a first failure (e^1
   * seconds), or the time of the retry it queues behind.
   */
  async function addJob(
    client: pg.PoolClient,
    task: string,
    payload: object,
    options: {
      queue?: string | undefined;
      key?: string;
      failed?: string;
      after?: Date | 'retry' | undefined;
    },
  ) {
    const after =
      options.after === 'retry' ? new Date(deps.now().getTime() + FIRST_RETRY_MS) : (options.after ?? null);
    const { rows } = await client.query<{ id: string }>(
      `select (${QUEUE_SCHEMA}.add_job($1, $2::json, queue_name => $3, max_attempts => $4, job_key => $5,
         run_at => $6)).id`,
      [task, JSON.stringify(payload), options.queue ?? null, HANDLER_ATTEMPTS, options.key ?? null, after],
    );
    if (options.failed !== undefined)
      await client.query(
        `update ${QUEUE_SCHEMA}._private_jobs set attempts = 1, last_error = $2 where id = $1`,
        [rows[0]?.id, options.failed],
      );
  }

  /**
   * Takes the outbox's oldest rows and runs their work, unless another process is dispatching.
   * The rows are deleted in the transaction that holds the dispatch lock, after their handlers ran
   * (or became retry jobs): a dispatcher that dies leaves them to the next.
   */
  async function dispatchOnce(): Promise<Dispatched> {
    const client = await poolOf().connect();
    const failures: string[] = [];
    try {
      await client.query('begin');
      const lock = await client.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [
        DISPATCH_LOCK,
      ]);
      if (!lock.rows[0]?.ok) {
        await client.query('rollback');
        return { taken: 0, busy: true, failures };
      }
      const { rows } = await client.query<OutboxRow>(
        `select o.seq, o.task, o.listeners, e.id, e.type, e.data, e.created_at
         from event_outbox o left join events e on e.id = o.event_id
         order by o.seq limit $1`,
        [BATCH],
      );
      if (rows.length === 0) {
        await client.query('rollback');
        return { taken: 0, busy: false, failures };
      }
      // A module's listeners hear the batch's events in their order, one at a time (a person's
      // notifications are written in the order of what happened); modules run side by side.
      const byModule = new Map<string, Array<{ listener: Listener; event: KindredEvent }>>();
      const serial = new Map<string, Array<{ listener: Listener; event: KindredEvent }>>();
      const deferred = new Set<string>();
      const unknown: Retry[] = [];
      for (const row of rows) {
        if (row.task !== null) {
          deferred.add(row.task);
          continue;
        }
        if (row.id === null || row.type === null) continue;
        const event = {
          id: row.id,
          type: row.type,
          data: row.data,
          created_at: (row.created_at as Date).toISOString(),
        } as KindredEvent;
        const known = new Map((listeners.get(row.type) ?? []).map((listener) => [listener.task, listener]));
        for (const name of row.listeners ?? [...known.keys()]) {
          const listener = known.get(name);
          if (!listener) {
            // Recorded by a process of another version: a job for one that knows this listener.
            unknown.push({ task: name, payload: event, queue: undefined, after: undefined });
            continue;
          }
          if (listener.queue === undefined) {
            const module = listener.task.split('.')[0] ?? listener.task;
            const runs = byModule.get(module) ?? [];
            runs.push({ listener, event });
            byModule.set(module, runs);
          } else {
            const runs = serial.get(listener.queue) ?? [];
            runs.push({ listener, event });
            serial.set(listener.queue, runs);
          }
        }
      }
      const retries: Retry[] = [...unknown];
      const runOne = async ({ listener, event }: { listener: Listener; event: KindredEvent }) => {
        try {
          await (tasks[listener.task] as (payload: unknown) => Promise<void>)(event);
          return true;
        } catch (error) {
          failures.push(`${listener.task}: ${messageOf(error)}`);
          retries.push({
            task: listener.task,
            payload: event,
            queue: listener.queue,
            failed: messageOf(error),
            after: 'retry',
          });
          return false;
        }
      };
      const lanes = () =>
        [...serial].map(async ([queue, runs]) => {
          // Behind a retry already waiting in this queue (or one made here), the runs after it wait
          // too, until its time: graphile then runs them in their order.
          const waiting = await poolOf().query<{ at: Date | null }>(
            `select max(run_at) as at from ${QUEUE_SCHEMA}.jobs where queue_name = $1`,
            [queue],
          );
          let after: Date | 'retry' | undefined = waiting.rows[0]?.at ?? undefined;
          for (const run of runs) {
            if (after === undefined) {
              if (!(await runOne(run))) after = 'retry';
              continue;
            }
            retries.push({ task: run.listener.task, payload: run.event, queue, after });
          }
        });
      const inOrder = async (runs: Array<{ listener: Listener; event: KindredEvent }>) => {
        for (const run of runs) await runOne(run);
      };
      // The listeners' reads of things they do not write are made once for the batch (dispatch-memo.ts).
      const named = rows.flatMap((row) => (row.data === null ? [] : [row.data]));
      await withDispatchMemo(named, () =>
        Promise.all([inParallel([...byModule.values()], CONCURRENCY, inOrder), ...lanes()]),
      );
      // Added in the order they were made: a serial queue's runs in their events' order (graphile
      // runs a queue's jobs due at the same time by their ids).
      for (const retry of retries)
        await addJob(client, retry.task, retry.payload, {
          queue: retry.queue,
          after: retry.after,
          ...(retry.failed === undefined ? {} : { failed: retry.failed }),
        });
      // Deferred tasks run once for the whole batch, here when this process handles them; otherwise
      // (or when one fails) as one job for a process that does.
      for (const task of deferred) {
        if (handled.has(task)) {
          try {
            await (tasks[task] as (payload: unknown) => Promise<void>)({});
            continue;
          } catch (error) {
            failures.push(`${task}: ${messageOf(error)}`);
            await addJob(client, task, {}, { key: task, failed: messageOf(error), after: 'retry' });
            continue;
          }
        }
        await addJob(client, task, {}, { key: task });
      }
      await client.query('delete from event_outbox where seq = any($1::bigint[])', [
        rows.map((row) => row.seq),
      ]);
      await client.query('commit');
      return { taken: rows.length, busy: false, failures };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const outboxEmpty = async () => {
    const { rows } = await poolOf().query<{ any: boolean }>(
      'select exists (select 1 from event_outbox) as any',
    );
    return !rows[0]?.any;
  };
  /**
   * The worker's dispatcher: looks for work every `POLL_MS` while idle, without a pause while there
   * is some, and waits longer after each failure to reach the database in a row (up to 30 s).
   */
  async function dispatchLoop(signal: AbortSignal) {
    let failedInARow = 0;
    while (!signal.aborted) {
      let taken = 0;
      try {
        // One small read while idle; the dispatch's transaction and lock only when there is work.
        const result = (await outboxEmpty()) ? undefined : await dispatchOnce();
        taken = result?.taken ?? 0;
        failedInARow = 0;
        for (const failure of result?.failures ?? [])
          deps.log().error({ queue: true }, `Event handler failed: ${failure}`);
      } catch (error) {
        failedInARow += 1;
        deps.log().error({ queue: true, err: error }, 'The events could not be dispatched');
      }
      const pause = failedInARow > 0 ? Math.min(30_000, 500 * 2 ** failedInARow) : POLL_MS;
      if (taken === 0) await sleep(pause, undefined, { signal }).catch(() => undefined);
    }
  }

  const prepare: EventBus['prepare'] = (type, data) => ({
    id: randomUUID(),
    type,
    data,
    listeners: (listeners.get(type) ?? []).map((listener) => listener.task),
  });

  return {
    on(type, handler, handle, options) {
      if (tasks[handler]) throw new Error(`The handler ${handler} is already listening`);
      tasks[handler] = async (payload) => handle(payload as KindredEvent<typeof type>);
      listeners.set(type, [...(listeners.get(type) ?? []), { task: handler, queue: options?.queue }]);
    },

    async record(executor, type, data) {
      const event = prepare(type, data);
      await recordEvent(executor, [event.id, type, JSON.stringify(data), deps.now(), event.listeners]);
    },

    prepare,

    async defer(executor, task) {
      await deferTask(executor, [task]);
    },

    async enqueue(executor, task, payload, options) {
      await executor.execute(
        sql`select ${sql.raw(QUEUE_SCHEMA)}.add_job(${task}, ${JSON.stringify(payload)}::json, queue_name => ${options.queue}, job_key => ${options.key}, max_attempts => ${HANDLER_ATTEMPTS})`,
      );
    },

    handle(task, handle) {
      if (tasks[task]) throw new Error(`The task ${task} already has a handler`);
      handled.add(task);
      tasks[task] = async (payload) => {
        await handle(payload);
      };
    },

    async start(jobs, { schedule }) {
      const scheduled: TaskList = {};
      for (const job of jobs) {
        scheduled[`schedule.${job.name}`] = async () => {
          await job.run();
        };
      }
      runner = await run({
        preset: PRESET,
        pgPool: poolOf(),
        schema: QUEUE_SCHEMA,
        concurrency: CONCURRENCY,
        noHandleSignals: true,
        // PostgreSQL tells the worker of new jobs at once; the poll only finds retries that fell due.
        pollInterval: 5_000,
        logger,
        taskList: { ...tasks, ...scheduled },
        parsedCronItems: parseCronItems(
          schedule
            ? jobs.map((job) => ({
                task: `schedule.${job.name}`,
                match: job.cron,
                // A slot missed while no process ran is not made up: the next one does the work.
                options: { backfillPeriod: 0, maxAttempts: 1, jobKey: `schedule.${job.name}` },
              }))
            : [],
        ),
      });
      stopping = new AbortController();
      dispatching = dispatchLoop(stopping.signal);
    },

    async settle() {
      const failures: string[] = [];
      let started = 0;
      const events = new EventEmitter() as WorkerEvents;
      events.on('job:start', () => {
        started += 1;
      });
      events.on('job:error', ({ job, error }) => {
        failures.push(`${job.task_identifier}: ${messageOf(error)}`);
      });
      // Until the outbox is empty: the handlers and jobs may record events and defer work again.
      for (;;) {
        for (;;) {
          const result = await dispatchOnce();
          failures.push(...result.failures);
          if (result.taken > 0) continue;
          if (!result.busy) break;
          // Another caller is dispatching (tests settle several at once): wait for its rows.
          if (await outboxEmpty()) break;
          await sleep(5);
        }
        started = 0;
        await runOnce({
          preset: PRESET,
          pgPool: poolOf(),
          schema: QUEUE_SCHEMA,
          taskList: tasks,
          noHandleSignals: true,
          logger,
          events,
        });
        // graphile's `runOnce` stops at a serial queue it has just freed: again until it runs nothing.
        if (started === 0 && (await outboxEmpty())) break;
      }
      if (failures.length > 0) throw new Error(`Event handlers failed: ${failures.join('; ')}`);
    },

    async close() {
      stopping?.abort();
      await dispatching;
      dispatching = undefined;
      await runner?.stop();
      runner = undefined;
      await pool?.end();
      pool = undefined;
    },
  };
}
