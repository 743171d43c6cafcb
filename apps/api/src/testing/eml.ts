import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  /** The whole message as written (multipart messages keep their parts here). */
  source: string;
  /** A header's value, unfolded, by its name in any case ('' when absent). */
  header(name: string): string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Reads a plain-text `.eml` file as written by the outbox mailer. */
export function parseEml(source: string, file = ''): OutboxMail {
  const split = source.indexOf('\n\n');
  const head = source.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const body = source.slice(split + 2);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { file, to: header('To'), subject: header('Subject'), text, source, header };
}

/** Every mail in an outbox folder, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseEml(await readFile(path.join(dir, name), 'utf8'), name)));
}
