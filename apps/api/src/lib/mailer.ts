import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Clock } from './clock.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a receipt's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Where mail goes: the outbox folder by default, an SMTP server when SMTP_URL is set. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Writes each message as an `.eml` file into the outbox folder, newest last by name. */
export function outboxMailer(outboxDir: string, from: string, now: Clock): Mailer {
  let sequence = 0;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
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
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
