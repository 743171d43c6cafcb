import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../../lib/mailer.js';
import { createTestApp, type TestApp } from '../../testing/helpers.js';
import { NOTICE_MAX_ATTEMPTS } from './notices.service.js';
import { queuedNotices } from './notices.table.js';

const MINUTE = 60_000;

describe('queued notices', () => {
  let t: TestApp;
  let clock = new Date('2026-03-02T09:00:00Z');
  const notice = (n: number) => ({
    to: `person${n}@example.org`,
    subject: `Notice ${n}`,
    text: `Hello ${n}.`,
  });
  const sentTo = async (n: number) => (await t.outbox()).filter((m) => m.to === `person${n}@example.org`);

  beforeAll(async () => {
    t = await createTestApp({}, { now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  it('mails a notice queued in a transaction that commits, once, however often delivery runs', async () => {
    await t.ctx.database.db.transaction((tx) => t.ctx.notices.queue(tx, notice(1)));
    const [first, second] = await Promise.all([t.ctx.notices.deliverDue(), t.ctx.notices.deliverDue()]);
    expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(1);
    const mails = await sentTo(1);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Notice 1');
    expect(mails[0]?.text).toContain('Hello 1.');
  });

  it('never mails a notice whose transaction rolled back', async () => {
    await expect(
      t.ctx.database.db.transaction(async (tx) => {
        await t.ctx.notices.queue(tx, notice(2));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.ctx.notices.deliverDue();
    expect(await sentTo(2)).toEqual([]);
  });

  it('tries a failed notice again after a growing wait, and keeps it with its error after the last attempt', async () => {
    const mailer = t.ctx.mailer;
    const tried: MailMessage[] = [];
    t.ctx.mailer = {
      send: async (message) => {
        tried.push(message);
        throw new Error('SMTP server went away');
      },
    };
    try {
      await t.ctx.notices.queue(t.ctx.database.db, notice(3));
      expect(await t.ctx.notices.deliverDue()).toEqual({ sent: 0, failed: 1 });
      // Not before its wait (a minute after the first failure).
      clock = new Date(clock.getTime() + 30_000);
      expect(await t.ctx.notices.deliverDue()).toEqual({ sent: 0, failed: 0 });
      for (let attempt = 2; attempt <= NOTICE_MAX_ATTEMPTS; attempt++) {
        clock = new Date(clock.getTime() + 5 * 60 * MINUTE);
        expect(await t.ctx.notices.deliverDue()).toEqual({ sent: 0, failed: 1 });
      }
      expect(tried).toHaveLength(NOTICE_MAX_ATTEMPTS);
      clock = new Date(clock.getTime() + 24 * 60 * MINUTE);
      expect(await t.ctx.notices.deliverDue()).toEqual({ sent: 0, failed: 0 });
    } finally {
      t.ctx.mailer = mailer;
    }
    const rows = await t.ctx.database.db.select().from(queuedNotices);
    const kept = rows.find((row) => row.to === 'person3@example.org');
    expect(kept).toMatchObject({
      attempts: NOTICE_MAX_ATTEMPTS,
      sentAt: null,
      lastError: 'SMTP server went away',
    });
    expect(kept?.gaveUpAt).toBeInstanceOf(Date);
    expect(await sentTo(3)).toEqual([]);
  });

  it('mails a notice once the mail server is back', async () => {
    const mailer = t.ctx.mailer;
    t.ctx.mailer = {
      send: async () => {
        throw new Error('SMTP server went away');
      },
    };
    try {
      await t.ctx.notices.queue(t.ctx.database.db, notice(4));
      expect(await t.ctx.notices.deliverDue()).toEqual({ sent: 0, failed: 1 });
    } finally {
      t.ctx.mailer = mailer;
    }
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect(await sentTo(4)).toHaveLength(1);
  });
});
