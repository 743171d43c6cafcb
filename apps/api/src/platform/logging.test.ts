import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { issueToken } from '../lib/tokens.js';
import { usersRepository } from '../modules/users/users.repository.js';
import { freshDatabase } from '../testing/template.js';

/**
 * What the operators read: a failed query is logged with its SQL, never with the personal values
 * it carried (National Insurance number, address, phone), which drizzle puts in its message and
 * PostgreSQL repeats in the error's detail.
 */
const lines: string[] = [];
let app: Awaited<ReturnType<typeof buildApp>>['app'];
let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let token: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kindred-logging-'));
  database = await freshDatabase();
  const config = loadConfig({ LOG_LEVEL: 'info', RATE_LIMITS: 'false', DEMO_DATA: 'false' }, { dataDir });
  ({ app } = await buildApp({
    config,
    database,
    scheduler: false,
    logStream: { write: (line: string) => void lines.push(line) },
  }));
  await app.ready();
  const now = new Date();
  const user = await usersRepository.insert(
    database.db,
    { email: 'logged@example.org', passwordHash: 'x', firstName: 'Lou', lastName: 'Logged', isActive: true },
    now,
  );
  token = (await issueToken(config.jwtSecret, { userId: user.id, version: user.tokenVersion }, now)).token;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('logs of failed queries', () => {
  it('name the query but not the personal values it carried', async () => {
    // A fault of ours: the update of a profile fails in the database.
    await database.db.execute(
      sql`alter table users add constraint logging_test_fault check (phone is null) not valid`,
    );
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/user/update',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        address: '1 Harbour Street',
        national_insurance_number: 'ab 12 34 56 c',
        phone: '+44 20 7946 0000',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('INTERNAL_ERROR');
    const failure = lines.find((line) => line.includes('request failed'));
    expect(failure).toBeDefined();
    expect(failure).toContain('update \\"users\\"');
    expect(failure).toContain('logging_test_fault');
    for (const personal of ['AB123456C', 'Harbour', '7946']) expect(lines.join('\n')).not.toContain(personal);
  });
});
