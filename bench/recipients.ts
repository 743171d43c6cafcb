import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.js';
import { charitiesQueries } from '../apps/api/src/modules/charities/charities.repository.js';
import { organisationsQueries } from '../apps/api/src/modules/organisations/organisations.repository.js';
import { projectsQueries } from '../apps/api/src/modules/projects/projects.repository.js';
import { usersQueries } from '../apps/api/src/modules/users/users.repository.js';
import { seedPlaces } from '../apps/api/src/seed/places.js';
import { generateCatalogue } from './generate-catalogue.js';
import { ADMIN_URL, benchStart, cleanups, intFromEnv, percentile, printTable, runBench } from './support.js';

/*
 * The message recipient picker's searches (docs/performance.md, "Recipient search"): the four
 * queries `GET /api/message/recipients?q=` runs (people, charities, organisations, projects by
 * name), each timed alone and the four together as the service sends them, for the texts a person
 * types, on PostgreSQL at the product's scale: the explore catalogue (`generate-catalogue.ts`,
 * 1M projects across 2,000 charities), 1M people and 20,000 organisations bulk-loaded with SQL.
 *
 * Without BENCH_DATABASE_URL the run uses a throwaway database, dropped at the end. With it (a
 * database whose name starts with kindred_bench), the run migrates that database, loads only what
 * it lacks and keeps it: the same data measured before and after a change of the searches and
 * their migration.
 */

const PROJECTS = intFromEnv('BENCH_PROJECTS', 1_000_000, 1, 10_000_000);
const USERS = intFromEnv('BENCH_USERS', 1_000_000, 1, 10_000_000);
const ORGANISATIONS = intFromEnv('BENCH_ORGANISATIONS', 20_000, 1, 1_000_000);
const REPEAT = intFromEnv('BENCH_REPEAT', 20, 1, 1000);
/** The service's limit; it asks for one person more (the caller may be among them). */
const LIMIT = 10;
const KEPT_URL = process.env.BENCH_DATABASE_URL;
const HARD_LIMIT_MS = 60 * 60 * 1000;

/** What people type in the picker: its first keystrokes (2 letters, the least it asks), names, none. */
const TEXTS = ['da', 'co', 'sm', 'smith', 'dana smith', 'riv tr', 'food bank', 'hedgehog', 'qz'];

const FIRST_NAMES = (
  'Oliver George Harry Jack Jacob Noah Charlie Thomas Oscar William James Leo Alfie Henry ' +
  'Joshua Freddie Archie Ethan Isaac Alexander Daniel David Samuel Joseph Max Mohammed ' +
  'Lucas Adam Theo Arthur Olivia Amelia Isla Ava Emily Sophia Grace Mia Poppy Ella Lily ' +
  'Evie Isabella Sophie Ivy Freya Harper Willow Charlotte Jessica Dana Daisy Florence Ruby ' +
  'Alice Sienna Priya Aisha Zara Hannah'
).split(' ');
const LAST_NAMES = (
  'Smith Jones Taylor Brown Williams Wilson Johnson Davies Robinson Wright Thompson Evans ' +
  'Walker White Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James Phillips ' +
  'Mason Mitchell Rose Davis Rodriguez Cox Alexander Cooper Morris Ward Turner Parker ' +
  'Edwards Harris Martin Hughes Scott Moore Clark Young King Baker Hill Allen Carter Morgan ' +
  'Bell Murphy Price Bailey Richardson Shaw Chapman Ali Begum Singh Ahmed Hussain Kaur ' +
  "Sharma Murray Campbell Stewart Reid Macdonald Kelly O'Brien Byrne Ryan Doyle Lloyd Owen " +
  'Price-Jones Griffiths Pugh Donor Fletcher Fisher Gray Hunt Knight Lee Marshall Palmer ' +
  'Pearson Reynolds Saunders Simpson Stevens Watson Webb Wells Holmes Dixon Ellis'
).split(' ');
const BUSINESS_WORDS = 'Works Partners Group Studio Ltd Logistics Foods Digital Print Builders'.split(' ');

async function main() {
  let databaseUrl: string;
  if (KEPT_URL) {
    if (!decodeURIComponent(new URL(KEPT_URL).pathname.slice(1)).startsWith('kindred_bench')) {
      throw new Error('BENCH_DATABASE_URL must name a database whose name starts with kindred_bench');
    }
    databaseUrl = KEPT_URL;
    process.once('SIGINT', () => process.exit(130));
  } else {
    databaseUrl = (await benchStart(ADMIN_URL, HARD_LIMIT_MS)).databaseUrl;
  }
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  cleanups.push({ what: 'close the connections', run: () => database.close() });
  const db = database.db;

  const migrateStart = performance.now();
  await database.migrate();
  console.log(`Migrated in ${((performance.now() - migrateStart) / 1000).toFixed(1)} s.`);
  await seedPlaces(db);

  const loader = new pg.Client({ connectionString: databaseUrl });
  await loader.connect();
  cleanups.push({ what: 'close the loading connection', run: () => loader.end() });
  const count = async (table: string) =>
    (await loader.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
  if ((await count('projects')) < PROJECTS) {
    if ((await count('users')) > 0)
      throw new Error('projects must be loaded before people (generate-catalogue)');
    console.log(`Loading the catalogue: ${PROJECTS.toLocaleString('en-GB')} projects…`);
    const result = await generateCatalogue(databaseUrl, PROJECTS, { log: (m) => console.log(m) });
    console.log(`  ${result.seconds.toFixed(1)} s`);
  }
  const loadStart = performance.now();
  const users = await count('users');
  const organisations = await count('businesses');
  if (users < USERS) {
    console.log(`Loading ${(USERS - users).toLocaleString('en-GB')} people…`);
    // Every first name with every last name; every 100th account deleted (erased, as decision
    // 005 leaves it), every 40th never activated.
    await loader.query(
      `insert into users (email, password_hash, first_name, last_name, city, is_active, deleted_at,
           created_at, updated_at)
         select 'person' || n || '@bench.test', 'not-a-hash',
           case when n % 100 = 0 then 'Deleted' else ($3::text[])[1 + n % cardinality($3::text[])] end,
           case when n % 100 = 0 then 'user'
                else ($4::text[])[1 + (n / cardinality($3::text[])) % cardinality($4::text[])] end,
           'Leeds', n % 100 <> 0 and n % 40 <> 0, case when n % 100 = 0 then now() end, now(), now()
         from generate_series($1::int, $2::int) n`,
      [users + 1, USERS, FIRST_NAMES, LAST_NAMES],
    );
    await loader.query('vacuum (analyze) users');
  }
  if (organisations < ORGANISATIONS) {
    console.log(`Loading ${(ORGANISATIONS - organisations).toLocaleString('en-GB')} organisations…`);
    // Named after towns; every 50th waits for approval.
    await loader.query(
      `with towns as (select array_agg(name order by id) as names from cities)
         insert into businesses (name, approval_status, created_at)
         select towns.names[1 + n % cardinality(towns.names)] || ' '
             || ($3::text[])[1 + n % cardinality($3::text[])] || ' ' || n,
           case when n % 50 = 0 then 'pending' else 'approved' end, now()
         from generate_series($1::int, $2::int) n, towns`,
      [organisations + 1, ORGANISATIONS, BUSINESS_WORDS],
    );
    await loader.query('vacuum (analyze) businesses');
  }
  if (users < USERS || organisations < ORGANISATIONS) {
    console.log(`  ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    await loader.query('checkpoint').catch(() => undefined);
  }
  console.log(`${(await loader.query<{ v: string }>('select version() as v')).rows[0]?.v ?? ''}`);
  console.log(
    `Data: ${(await count('users')).toLocaleString('en-GB')} people, ${(await count('charities')).toLocaleString('en-GB')} charities, ` +
      `${(await count('businesses')).toLocaleString('en-GB')} organisations, ${(await count('projects')).toLocaleString('en-GB')} projects.\n`,
  );

  const searches: Array<[string, (q: string) => Promise<unknown[]>]> = [
    ['people', (q) => usersQueries.searchByName(db, q, LIMIT + 1)],
    ['charities', (q) => charitiesQueries.searchByName(db, q, LIMIT)],
    ['organisations', (q) => organisationsQueries.searchByName(db, q, LIMIT)],
    ['projects', (q) => projectsQueries.searchByTitle(db, q, LIMIT)],
  ];
  const timed = async <T>(run: () => Promise<T>) => {
    const start = performance.now();
    const value = await run();
    return { ms: performance.now() - start, value };
  };
  const rows: string[][] = [['q', 'search', 'found', 'p50 ms', 'p95 ms', 'max ms']];
  const together: number[] = [];
  for (const q of TEXTS) {
    for (const [name, search] of searches) {
      const found = (await search(q)).length; // warm-up
      const times: number[] = [];
      for (let i = 0; i < REPEAT; i++) times.push((await timed(() => search(q))).ms);
      times.sort((a, b) => a - b);
      rows.push([
        q,
        name,
        String(found),
        percentile(times, 50).toFixed(1),
        percentile(times, 95).toFixed(1),
        (times.at(-1) ?? 0).toFixed(1),
      ]);
    }
    // All four at once, as `messagesService.recipients` sends them: what the picker waits for.
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      times.push((await timed(() => Promise.all(searches.map(([, search]) => search(q))))).ms);
    }
    times.sort((a, b) => a - b);
    together.push(...times);
    rows.push([
      q,
      'all four',
      '',
      percentile(times, 50).toFixed(1),
      percentile(times, 95).toFixed(1),
      (times.at(-1) ?? 0).toFixed(1),
    ]);
  }
  printTable(rows);
  together.sort((a, b) => a - b);
  console.log(
    `\nAll four together, every text (${together.length} calls): p50 ${percentile(together, 50).toFixed(1)} ms, ` +
      `p95 ${percentile(together, 95).toFixed(1)} ms, max ${(together.at(-1) ?? 0).toFixed(1)} ms.`,
  );
}

runBench(main);
