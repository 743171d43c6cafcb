import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { seedPlaces } from '../seed/places.js';

/**
 * Every API test file gets a fresh database made from one template that is migrated and holds the
 * reference data: an embedded database loaded from a dump, or a PostgreSQL database created from a
 * template database when DATABASE_URL is set.
 */
function templateDump(): string {
  return path.join(os.tmpdir(), `kindred-test-template-${process.env.VITEST_TEMPLATE_ID ?? 'x'}.tar.gz`);
}

export function templateDatabaseName(): string {
  return `kindred_tpl_${process.env.VITEST_TEMPLATE_ID ?? 'x'}`;
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function buildTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = templateDatabaseName();
    await adminQuery(url, `drop database if exists ${name}`);
    await adminQuery(url, `create database ${name}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
    await database.migrate();
    await seedPlaces(database.db);
    await database.close();
    return;
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await database.migrate();
  await seedPlaces(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await writeFile(templateDump(), Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

export async function dropTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await adminQuery(url, `drop database if exists ${templateDatabaseName()} with (force)`);
  else await rm(templateDump(), { force: true });
}

/** A fresh database for one test file, and how to get rid of it. */
export async function freshDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `kindred_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await adminQuery(url, `create database ${name} template ${templateDatabaseName()}`);
    const databaseUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl, poolSize: 5 });
    return {
      ...database,
      url: databaseUrl,
      close: async () => {
        await database.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const dump = await readFile(templateDump());
  return openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([dump]) });
}
