import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import { parseCronItems, type Runner, run, runOnce, type TaskList, type WorkerEvents } from 'graphile-worker';
import type pg from 'pg';
import { type Executor, openPool } from '../db/client.js';
import type { EventCatalogue, EventType, KindredEvent } from './catalogue.js';
import { QUEUE_SCHEMA, queueLogger } from './queue-schema.js';

/**
 * One event mechanism for the whole API (docs/decisions/041-one-event-mechanism.md).
 *
 * - `record(tx, type, data)` writes the event in the caller's transaction and, in the same
 *   statement, queues one job per handler that listens to it (graphile-worker's `add_job`): the
 *   handlers' work exists exactly when the change does.
 * - After the commit, a worker in any API process takes each job (PostgreSQL tells the workers at
 *   once; `SKIP LOCKED` gives each job to one of them) and runs its handler. A handler that throws
 *   is tried again later with growing waits, so every handler runs at least once: it must be safe
 *   to run twice.
 * - Scheduled jobs run on the same workers, each on its own cadence (a cron pattern): of several
 *   processes, one runs each slot.
 */

/**
 * How many times a handler is tried before its job is kept as failed: graphile waits e^n seconds
 * after the n-th failure (at most e^10, about 6 hours), so 20 tries span about 3 days.
 */
const HANDLER_ATTEMPTS = 20;
/** Jobs one process runs at a time. */
const CONCURRENCY = 4;
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
   * With `queue`, its jobs run one at a time in the order they were recorded, across every process
   * and with every other handler of that queue (a serial queue: webhooks keep their events' order).
   */
  on<T extends EventType>(type: T, handler: string, run: EventHandler<T>, options?: { queue?: string }): void;
  /** Records an event in the caller's transaction, with a job for each of its handlers. */
  record<T extends EventType>(executor: Executor, type: T, data: EventCatalogue[T]): Promise<void>;
  /**
   * Work after the commit that is not an event (mail that was queued, say): one job of `task`,
   * after the caller's transaction commits; a pending job of the same `task` from the same database
   * connection takes the place of another, so a burst of changes runs it once a connection, and
   * two transactions at once never wait for each other on one job's row (decision 052).
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
  /** Starts this process's worker: the handlers, and the scheduled jobs unless `schedule` is false. */
  start(jobs: ScheduledJob[], options: { schedule: boolean }): Promise<void>;
  /**
   * Runs every job that is due now, here, until none is left, and throws if a handler failed (tests
   * and command-line tools, which run no worker).
   */
  settle(): Promise<void>;
  /** Stops the worker after the jobs under way and closes its connections. */
  close(): Promise<void>;
}

export function createEventBus(deps: {
  databaseUrl: string;
  now: () => Date;
  log: () => { error(details: object, message: string): void };
}): EventBus {
  const handlers = new Map<EventType, { task: string; queue: string | undefined }[]>();
  const tasks: TaskList = {};
  let pool: pg.Pool | undefined;
  let runner: Runner | undefined;
  const logger = queueLogger(deps.log);

  const poolOf = () => {
    // Survives lost connections as the app's own pool does (a restart or failover of the database).
    pool ??= openPool(deps.databaseUrl, CONCURRENCY + 2, 'kindred worker');
    return pool;
  };

  return {
    on(type, handler, handle, options) {
      if (tasks[handler]) throw new Error(`The handler ${handler} is already listening`);
      tasks[handler] = async (payload) => handle(payload as KindredEvent<typeof type>);
      handlers.set(type, [...(handlers.get(type) ?? []), { task: handler, queue: options?.queue }]);
    },

    async record(executor, type, data) {
      const id = randomUUID();
      const createdAt = deps.now();
      const payload = JSON.stringify({ id, type, data, created_at: createdAt.toISOString() });
      // One job a listener, all added by one call of `add_jobs` (one statement of each kind for
      // them all, one notification to the workers) in the statement that records the event.
      const jobs = (handlers.get(type) ?? []).map(
        ({ task, queue }) =>
          sql`(${task}, ${payload}::json, ${queue ?? null}, null, ${HANDLER_ATTEMPTS}, null, null, null)::${sql.raw(QUEUE_SCHEMA)}.job_spec`,
      );
      await executor.execute(sql`
        with recorded as (
          insert into events (id, type, data, created_at)
          values (${id}, ${type}, ${JSON.stringify(data)}::jsonb, ${createdAt})
          returning id
        )
        select count(*) from recorded${
          jobs.length > 0
            ? sql`, ${sql.raw(QUEUE_SCHEMA)}.add_jobs(array[${sql.join(jobs, sql`, `)}])`
            : sql``
        }`);
    },

    async defer(executor, task) {
      await executor.execute(
        sql`select ${sql.raw(QUEUE_SCHEMA)}.add_job(${task}, '{}'::json, job_key => ${task} || ':' || pg_backend_pid(), max_attempts => ${HANDLER_ATTEMPTS})`,
      );
    },

    async enqueue(executor, task, payload, options) {
      await executor.execute(
        sql`select ${sql.raw(QUEUE_SCHEMA)}.add_job(${task}, ${JSON.stringify(payload)}::json, queue_name => ${options.queue}, job_key => ${options.key}, max_attempts => ${HANDLER_ATTEMPTS})`,
      );
    },

    handle(task, handle) {
      if (tasks[task]) throw new Error(`The task ${task} already has a handler`);
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
    },

    async settle() {
      const failures: string[] = [];
      const events = new EventEmitter() as WorkerEvents;
      events.on('job:error', ({ job, error }) => {
        failures.push(`${job.task_identifier}: ${error instanceof Error ? error.message : String(error)}`);
      });
      await runOnce({
        preset: PRESET,
        pgPool: poolOf(),
        schema: QUEUE_SCHEMA,
        taskList: tasks,
        noHandleSignals: true,
        logger,
        events,
      });
      if (failures.length > 0) throw new Error(`Event handlers failed: ${failures.join('; ')}`);
    },

    async close() {
      await runner?.stop();
      runner = undefined;
      await pool?.end();
      pool = undefined;
    },
  };
}
