import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client.js';
import { seedPlaces } from '../seed/places.js';

/**
 * Every API test file gets a fresh database, created from one template database that is migrated
 * and holds the reference data, on the server at DATABASE_URL: the run's embedded server (see
 * global-setup.ts), or any PostgreSQL.
 */
function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is set by the API suite global set-up');
  return url;
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
  const url = serverUrl();
  const name = templateDatabaseName();
  await adminQuery(url, `drop database if exists ${name}`);
  await adminQuery(url, `create database ${name}`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 2 });
  await database.migrate();
  await seedPlaces(database.db);
  await database.close();
}

export async function dropTemplate(): Promise<void> {
  await adminQuery(serverUrl(), `drop database if exists ${templateDatabaseName()} with (force)`);
}

/** A fresh database for one test file, and how to get rid of it. */
export async function freshDatabase(): Promise<Database> {
  const url = serverUrl();
  const name = `kindred_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  // A file copy of the small template is about twice as fast as the default (which logs every block).
  await adminQuery(url, `create database ${name} template ${templateDatabaseName()} strategy file_copy`);
  const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
