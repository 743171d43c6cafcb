import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Clock } from './clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Headers of its own (List-Unsubscribe and List-Unsubscribe-Post on mail one may stop). */
  headers?: Record<string, string>;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Where mail goes: the outbox folder by default, an SMTP server when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Nodemailer = typeof import('nodemailer')['default'];
let nodemailer: Promise<Nodemailer> | undefined;
/** nodemailer (about 15 MB resident) loads with the first mail, not with the app. */
const loadNodemailer = () => {
  nodemailer ??= import('nodemailer').then((module) => module.default);
  return nodemailer;
};

/** Writes each message as an `.eml` file into the outbox folder, newest last by name. */
export function outboxMailer(outboxDir: string, from: string, now: Clock): Mailer {
  let sequence = 0;
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= loadNodemailer().then((mailer) =>
        mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      );
      const info = await (await transport).sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true });
      // The sequence keeps the order of mails sent within the same instant (a fixed clock in tests).
      sequence += 1;
      const stamp = now().toISOString().replace(/[:.]/g, '-');
      const name = `${stamp}-${String(sequence).padStart(6, '0')}-${randomUUID().slice(0, 8)}.eml`;
      await writeFile(path.join(outboxDir, name), info.message as Buffer);
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= loadNodemailer().then((mailer) => mailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...message });
    },
  };
}
