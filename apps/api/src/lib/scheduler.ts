import type { FastifyBaseLogger } from 'fastify';

export interface ScheduledJob {
  name: string;
  run(): Promise<unknown>;
}

/**
 * Runs jobs every interval, one round at a time (a slow round delays the next, never overlaps it).
 * Each job must be safe with several API processes running it: they claim work in the database.
 */
export function startScheduler(jobs: ScheduledJob[], intervalMs: number, log: FastifyBaseLogger) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const round = async () => {
    for (const job of jobs) {
      if (stopped) return;
      try {
        const result = await job.run();
        log.debug({ job: job.name, result }, 'scheduled job ran');
      } catch (error) {
        log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
    }
  };
  const tick = () => {
    running = round().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  if (intervalMs > 0) timer = setTimeout(tick, Math.min(intervalMs, 5_000));
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
