import type { Executor } from '../../db/client.js';
import type { EventBus } from '../../events/event-bus.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import { noticesRepository } from './notices.repository.js';

/** A notice: plain text to one address. */
export type Notice = Pick<MailMessage, 'to' | 'subject' | 'text' | 'headers'>;

/** How many notices one delivery run claims at a time. */
const BATCH = 20;
/** How long a claimed notice is left to the process that claimed it before another may try. */
const LEASE_MS = 5 * 60_000;
/** Attempts before a notice is given up (kept, with its last error): about a day of retries. */
export const NOTICE_MAX_ATTEMPTS = 8;
/** Waits between attempts: 1, 2, 4... minutes, at most 4 hours. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** (attempts - 1), 4 * 60 * 60_000);

export interface Notices {
  /**
   * Queues a notice in the caller's transaction: it is mailed only if that transaction commits, by
   * a worker of any process that delivers mail, just after the commit.
   */
  queue(executor: Executor, notice: Notice): Promise<void>;
  /** Delivers every due notice now, in batches; answers how many were sent and how many failed. */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** Waits for a delivery under way (the app closes after it, not during it). */
  close(): Promise<void>;
}

/** The deferred task that delivers what is queued (decision 041); a burst of notices runs it once. */
export const DELIVER_NOTICES = 'notices.deliver';

/**
 * Notices about committed changes (receipts, decisions, failed payments) leave through a queue in
 * the database (docs/decisions/015-queued-notices.md): written with the change, mailed after it by
 * whichever process's worker takes the delivery job (decision 041), retried with growing waits when the mail server fails. Mail that
 * is the point of a call (an activation code, a reset link) is still sent by the call itself.
 */
export function noticesService(deps: {
  db: () => Executor;
  /** The app's mailer at the time of sending (tests swap it). */
  mailer: () => Mailer;
  now: Clock;
  /** The event mechanism that runs the delivery after the commit. */
  events: () => EventBus;
  log: () => { error(details: object, message: string): void };
}): Notices {
  let running: Promise<{ sent: number; failed: number }> | undefined;

  async function deliverBatches() {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const now = deps.now();
      const batch = await noticesRepository.claimDue(
        deps.db(),
        now,
        new Date(now.getTime() + LEASE_MS),
        BATCH,
      );
      for (const notice of batch) {
        try {
          await deps.mailer().send({
            to: notice.to,
            subject: notice.subject,
            text: notice.text,
            ...(notice.headers ? { headers: notice.headers } : {}),
          });
          await noticesRepository.markSent(deps.db(), notice.id, deps.now());
          sent++;
        } catch (error) {
          failed++;
          const message = error instanceof Error ? error.message : String(error);
          const last = notice.attempts >= NOTICE_MAX_ATTEMPTS;
          const at = deps.now();
          deps
            .log()
            .error(
              { err: error, subject: notice.subject, attempts: notice.attempts },
              'A notice mail was not sent',
            );
          await noticesRepository.markFailed(
            deps.db(),
            notice.id,
            message.slice(0, 500),
            last ? null : new Date(at.getTime() + retryDelayMs(notice.attempts)),
            at,
          );
        }
      }
      if (batch.length < BATCH) return { sent, failed };
    }
  }

  /** One delivery at a time in this process: a call during a run waits for it, then runs again. */
  async function deliverDue(): Promise<{ sent: number; failed: number }> {
    while (running) await running.catch(() => undefined);
    running = deliverBatches();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  }

  return {
    async queue(executor, notice) {
      // The notice and its delivery's deferral in one statement (the outbox row `defer` would write).
      await noticesRepository.queue(executor, notice, deps.now(), DELIVER_NOTICES);
    },
    deliverDue,
    async close() {
      while (running) await running.catch(() => undefined);
    },
  };
}
