import { describe, expect, it } from 'vitest';
import { type MailMessage, sendNotice } from './mailer.js';

const notice: MailMessage = {
  to: 'donor@example.org',
  subject: 'Your receipt KR-2026-0000001',
  text: 'Thank you.',
};

describe('sendNotice', () => {
  it('sends the notice through the mailer', async () => {
    const sent: MailMessage[] = [];
    const errors: object[] = [];
    await sendNotice(
      { mailer: { send: async (m) => void sent.push(m) }, log: { error: (d) => errors.push(d) } },
      notice,
    );
    expect(sent).toEqual([notice]);
    expect(errors).toEqual([]);
  });

  it('logs a mail that fails, with its subject, and does not throw: the committed change stands', async () => {
    const errors: Array<{ subject?: string }> = [];
    const failing = {
      mailer: {
        send: async () => {
          throw new Error('SMTP server went away');
        },
      },
      log: { error: (details: { subject?: string }) => errors.push(details) },
    };
    await expect(sendNotice(failing, notice)).resolves.toBeUndefined();
    expect(errors.map((e) => e.subject)).toEqual([notice.subject]);
  });
});
