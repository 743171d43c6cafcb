/**
 * A realistic explore catalogue for benchmarks: about 2,000 approved charities in UK towns
 * (weighted by population) and N projects, generated set-based in PostgreSQL.
 *
 *   node --conditions=source --import tsx bench/generate-catalogue.ts DATABASE_URL PROJECTS [CHARITIES]
 *
 * The database is migrated and given the UK places first (as the API does when it starts), so any
 * empty database works; run it again with a larger PROJECTS to grow the same catalogue (rows are
 * only ever added). `bench/explore.ts` imports `generateCatalogue` and does this at 10k, then 1M.
 * It refuses any database whose name does not start with `kindred_bench` or that has user accounts.
 *
 * What is generated (see docs/performance.md):
 * - Charities: CHARITIES approved ones (default 2,000), plus 2% pending and 1% approved but
 *   locked (explore must hide both). Each in a town drawn by population, at its coordinates, with
 *   one to three of the 18 charity types; names, descriptions and registration numbers from lists.
 * - Projects: owned by a charity (88%, association 5), or by a person or organisation and
 *   associated with one (accepted 10%, pending 2%); a few charities have many projects, most a few.
 *   Three in four are in or around their charity's town, the rest in a town drawn by population,
 *   jittered within a radius that grows with the town. Status: 60% Live, 12% Draft, 15% Finished,
 *   8% Completed, 5% Cancelled; Live ones end within the next year. Needs: funds 75%, volunteering
 *   40%, skills 25%, gifts 25% (at least one), with `giving_kinds`, `skill_types` and `gift_types`
 *   derived from them as the API derives them. Titles, summaries and descriptions come from the
 *   themes of the charity's first type, so full-text search finds what a visitor would type.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

/** Theme words per charity type (1..18, the order of CHARITY_TYPES): six project subjects each. */
const SUBJECTS: string[][] = [
  [
    'hedgehog hospital',
    'dog rehoming centre',
    'cat shelter',
    'wildlife rescue van',
    'donkey sanctuary',
    'bird hide',
  ],
  [
    'veterans breakfast club',
    'forces families support',
    'veterans housing',
    'remembrance garden',
    'veterans employment course',
    'service leavers mentoring',
  ],
  [
    'community theatre',
    'heritage trail',
    'museum archive',
    'mural project',
    'community choir',
    'church roof repair',
  ],
  ['youth club', 'holiday meals', 'homework club', 'summer camp', 'toy library', 'young carers breaks'],
  ['community garden', 'village hall', 'repair cafe', 'community fridge', 'street party', "men's shed"],
  [
    'wheelchair-accessible path',
    'sensory room',
    'adapted cycling',
    'sign language course',
    'accessible minibus',
    'guide dog training',
  ],
  [
    'flood recovery kits',
    'emergency shelter',
    'fire recovery fund',
    'rapid response team',
    'emergency food boxes',
    'generator appeal',
  ],
  [
    'befriending phone line',
    'lunch club',
    'memory cafe',
    'winter warmth packs',
    'tea dance',
    'digital skills for seniors',
  ],
  [
    'laptops for learners',
    'adult literacy classes',
    'reading club',
    'coding club',
    'maths tutoring',
    'apprenticeship scheme',
  ],
  ['tree planting', 'river clean-up', 'wildflower meadow', 'beach clean', 'litter pick', 'solar panels'],
  [
    'volunteer centre',
    'charity shop refit',
    'minibus',
    'kitchen refurbishment',
    'fundraising ball',
    'open day',
  ],
  [
    'mental health support group',
    'cancer support centre',
    'health checks',
    'hospice garden',
    'carers respite',
    'walking group',
  ],
  [
    'refugee welcome',
    'legal advice clinic',
    'English classes for refugees',
    'anti-trafficking helpline',
    'asylum support',
    'advocacy service',
  ],
  [
    'clean water wells',
    'school building',
    'medical supplies shipment',
    "women's cooperative",
    'orphanage support',
    'disaster appeal',
  ],
  ['food bank', 'soup kitchen', 'warm space', 'debt advice', 'baby bank', 'school uniform bank'],
  [
    'library volunteers',
    'park restoration',
    'lifeboat station',
    'mountain rescue',
    'community transport',
    'bus shelter repair',
  ],
  [
    'homeless shelter',
    'night shelter beds',
    'addiction recovery',
    'domestic abuse refuge',
    'prison leavers support',
    'family hub',
  ],
  [
    'youth football league',
    'swimming lessons',
    'boxing club',
    'netball kit',
    'cricket nets',
    'parkrun volunteers',
  ],
];

/** A word for each charity type in charity names ("Leeds Wildlife Trust"). */
const TYPE_WORDS = [
  'Animal',
  'Veterans',
  'Arts',
  'Youth',
  'Community',
  'Access',
  'Relief',
  'Age',
  'Learning',
  'Wildlife',
  'Hope',
  'Health',
  'Rights',
  'Global',
  'Food',
  'Civic',
  'Welfare',
  'Sports',
];
const NAME_SUFFIXES = [
  'Trust',
  'Foundation',
  'Association',
  'Network',
  'Society',
  'Project',
  'Fund',
  'Partnership',
  'Alliance',
  'Charity',
];
const QUALIFIERS = [
  'Winter',
  'Summer',
  'Spring',
  'Community',
  'Emergency',
  'New',
  'Weekend',
  'Local',
  'Annual',
  'Family',
  'Neighbourhood',
  'Big',
  'Green',
  'Our',
];
const ACTIONS = [
  'Help us run a',
  'Support our',
  'Fund a new',
  'Volunteer at our',
  'Give to our',
  'Be part of our',
  'Join us to grow our',
  'Back our',
];
const BENEFICIARIES = [
  'local families',
  'older people',
  'children',
  'young people',
  'veterans',
  'refugees',
  'disabled people',
  'the whole community',
  'people experiencing homelessness',
  'carers',
  'local wildlife',
  'students',
  'people living alone',
  'new parents',
];
const SENTENCES = [
  'Every pound raised goes directly to the people we support.',
  'We are a small team of staff and a large team of dedicated volunteers.',
  'Last year we helped more than a thousand people across the area.',
  'Volunteers get training, a friendly welcome and a cup of tea.',
  'We work with the local council, schools and other charities.',
  'Your support keeps our doors open through the winter months.',
  'We measure our impact and publish updates every month.',
  'No experience is needed, just enthusiasm and a few spare hours.',
  'The project was started by residents who saw a need on their doorstep.',
  'Donated items are checked, cleaned and passed on the same week.',
  'We rely on the generosity of local businesses and individuals.',
  'Families tell us this service has changed their lives.',
  'We are fully accessible and welcome everyone.',
  'Skilled volunteers help us do more with every donation.',
  'Our work is needed now more than ever.',
];
/** What a gift need asks for, per gift type (1..12, the order of GIFT_TYPES). */
const GIFT_DESCRIPTIONS = [
  'Laptops and tablets in working order',
  'Tinned and dried food within date',
  'Tables, chairs and shelving',
  'Stationery and art supplies',
  'Warm coats, blankets and bedding',
  'A hall for our weekly sessions',
  'Kettles, pans and kitchen items',
  'A van or minibus for a day',
  'Plants, seeds and garden tools',
  'Tickets and days out for families',
  'Anything on our wish list',
  'Donated items in good condition',
];

export interface CatalogueOptions {
  /** Approved charities to have (pending and locked ones come on top). Default 2,000. */
  charities?: number;
  log?: (message: string) => void;
}

export interface CatalogueResult {
  projects: number;
  added: number;
  charities: number;
  seconds: number;
}

/** Town slots for drawing a town by population: town k gets a share of slots as of people. */
const TOWN_SLOTS = 100_000;
/** Rows per insert statement (each is one transaction). */
const BATCH = 100_000;

/**
 * Grows the catalogue in a migrated database with places to `projects` projects (adds none if it
 * has as many already) across `charities` approved charities (created on first use).
 */
export async function generateCatalogue(
  databaseUrl: string,
  projects: number,
  options: CatalogueOptions = {},
): Promise<CatalogueResult> {
  const charityCount = options.charities ?? 2000;
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Only ever a benchmark database: named kindred_bench..., and without accounts.
    const guard = await client.query<{ name: string; users: boolean }>(
      'select current_database() as name, exists (select 1 from users) as users',
    );
    const target = guard.rows[0];
    if (!target?.name.startsWith('kindred_bench') || target.users) {
      throw new Error(
        `${target?.name ?? 'the database'} is not a benchmark database (its name must start with kindred_bench ` +
          'and it must have no user accounts); nothing was added',
      );
    }
    await client.query(`set work_mem = '64MB'`);
    await prepareTowns(client);
    const charities = await ensureCharities(client, charityCount, log);
    await client.query(`
      create temp table cat_charity on commit preserve rows as
      select row_number() over (order by id)::int as idx, id, name, types, town_id
      from (
        -- charities stand at their town's point; the town gives the radius of its projects
        select distinct on (c.id) c.id, c.name, c.charity_types as types, t.id as town_id
        from charities c
        join cat_town t on t.lat = c.latitude and t.lng = c.longitude
        where c.approval_status = 'approved' and c.deleted_at is null
        order by c.id, t.id
      ) placed`);
    await client.query('create unique index on cat_charity (idx)');
    const countRow = await client.query<{ n: number }>('select count(*)::int as n from projects');
    const existing = countRow.rows[0]?.n ?? 0;
    const owners =
      (await client.query<{ n: number }>('select count(*)::int as n from cat_charity')).rows[0]?.n ?? 0;
    if (owners === 0) throw new Error('no approved charity found to own projects');
    await insertProjects(client, existing, projects, owners, log);
    const added = Math.max(0, projects - existing);
    if (added > 0) {
      const t0 = performance.now();
      // Statistics and the visibility map as autovacuum would leave them, and the dirty pages
      // written out, so that neither runs during the measurements that follow.
      await client.query('vacuum (analyze) projects');
      await client.query('vacuum (analyze) charities');
      // What the API's scheduler keeps up to date a minute after projects change.
      await client.query('refresh materialized view project_map_cells');
      await client.query('checkpoint').catch(() => undefined);
      log(`  vacuum, analyze and checkpoint in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    return {
      projects: existing + added,
      added,
      charities,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await client.end();
  }
}

async function insertProjects(
  client: pg.Client,
  existing: number,
  projects: number,
  owners: number,
  log: (message: string) => void,
) {
  for (let from = existing + 1; from <= projects; from += BATCH) {
    const to = Math.min(projects, from + BATCH - 1);
    const t0 = performance.now();
    await client.query(INSERT_PROJECTS, [
      from,
      to,
      owners,
      SUBJECTS,
      QUALIFIERS,
      ACTIONS,
      BENEFICIARIES,
      SENTENCES,
      GIFT_DESCRIPTIONS,
      TOWN_SLOTS,
    ]);
    log(
      `  projects ${from.toLocaleString('en-GB')}..${to.toLocaleString('en-GB')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
}

/** Towns with a jitter radius, and slots to draw them by population (session-local tables). */
async function prepareTowns(client: pg.Client) {
  const towns = await client.query<{ id: number; population: number }>(
    'select id, population from cities order by id',
  );
  if (towns.rows.length === 0)
    throw new Error('the database has no towns: start the API once, or migrate and seed');
  const total = towns.rows.reduce((sum, t) => sum + Math.max(1, t.population), 0);
  const slotTown: number[] = [];
  let cumulative = 0;
  let k = 0;
  for (const town of towns.rows) {
    cumulative += Math.max(1, town.population);
    while (k < TOWN_SLOTS && ((k + 0.5) * total) / TOWN_SLOTS < cumulative) {
      slotTown.push(town.id);
      k++;
    }
  }
  await client.query(`
    create temp table cat_town on commit preserve rows as
    select id, name, latitude as lat, longitude as lng,
           -- people live within about this many km of the town's point
           1 + sqrt(greatest(population, 1)) / 200.0 as radius_km
    from cities`);
  await client.query('create unique index on cat_town (id)');
  await client.query(
    `create temp table cat_slot on commit preserve rows as
     select (s.n - 1)::int as slot, s.town_id from unnest($1::int[]) with ordinality as s(town_id, n)`,
    [slotTown],
  );
  await client.query('create unique index on cat_slot (slot)');
}

/** Creates charities until there are `count` approved ones, plus 2% pending and 1% locked. */
async function ensureCharities(client: pg.Client, count: number, log: (message: string) => void) {
  const have =
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from charities where approval_status = 'approved' and not lock_status`,
      )
    ).rows[0]?.n ?? 0;
  if (have >= count) return have;
  const add = count - have;
  const pending = Math.ceil(add * 0.02);
  const locked = Math.ceil(add * 0.01);
  const t0 = performance.now();
  await client.query(INSERT_CHARITIES, [
    add + pending + locked,
    pending,
    locked,
    TYPE_WORDS,
    NAME_SUFFIXES,
    SUBJECTS,
    SENTENCES,
    TOWN_SLOTS,
  ]);
  log(
    `  ${add} approved charities (+${pending} pending, +${locked} locked) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return count;
}

/**
 * $1 how many, $2 pending (the last ones), $3 locked (the ones before), $4 type words, $5 name
 * suffixes, $6 subjects per type, $7 sentences, $8 town slots.
 */
const INSERT_CHARITIES = `
with r as (
  select g, floor(random() * $8::int)::int as slot,
         1 + floor(random() * 18)::int as t1, 1 + floor(random() * 17)::int as t2off,
         random() < 0.4 as two, random() < 0.15 as three, 1 + floor(random() * 16)::int as t3off,
         1 + floor(random() * array_length($5::text[], 1))::int as suffix,
         1 + floor(random() * 6)::int as subject,
         1 + floor(random() * array_length($7::text[], 1))::int as s1,
         1 + floor(random() * array_length($7::text[], 1))::int as s2,
         1 + floor(random() * 900000)::int as number
  from generate_series(1, $1::int) g
  offset 0
), x as (
  select r.*, t.name as town, t.lat, t.lng, c.state_id,
         1 + (r.t1 - 1 + r.t2off) % 18 as t2
  from r
  join cat_slot s on s.slot = r.slot
  join cat_town t on t.id = s.town_id
  join cities c on c.id = t.id
  offset 0
)
insert into charities (name, registration_number, description, charity_types, website, email, city,
                       latitude, longitude, lock_status, approval_status, created_at, updated_at)
select
  x.town || ' ' || ($4::text[])[x.t1] || ' ' || ($5::text[])[x.suffix],
  case x.state_id when 11 then 'SC0' || lpad(x.number::text, 5, '0')
                  when 12 then 'NIC1' || lpad(x.number::text, 5, '0')
                  else (1000000 + x.number)::text end,
  case when ($4::text[])[x.t1] ~ '^[AEIOU]' then 'An ' else 'A ' end || lower(($4::text[])[x.t1]) || ' charity in ' || x.town || ', running ' || ($6::text[])[x.t1][x.subject]
    || ' and more. ' || ($7::text[])[x.s1] || ' ' || ($7::text[])[x.s2],
  case when x.two and x.three then array[x.t1, x.t2, 1 + (x.t2 - 1 + x.t3off) % 18]
       when x.two then array[x.t1, x.t2] else array[x.t1] end,
  'https://www.example-charity-' || x.g || '.org.uk',
  'hello@example-charity-' || x.g || '.org.uk',
  x.town, x.lat, x.lng,
  x.g > $1::int - $2::int - $3::int and x.g <= $1::int - $2::int,
  case when x.g > $1::int - $2::int then 'pending' else 'approved' end,
  now() - random() * interval '5 years',
  now() - random() * interval '30 days'
from x
order by x.g`;

/**
 * $1..$2 the project numbers to add, $3 charities to draw owners from (cat_charity.idx 1..$3),
 * $4 subjects per type, $5 qualifiers, $6 actions, $7 beneficiaries, $8 sentences, $9 gift
 * descriptions, $10 town slots.
 *
 * Layer r draws every random number a row needs (offset 0 keeps it from being inlined, so each
 * is drawn once); x joins the charity and the town and derives status, dates and needs; the
 * outer select only formats.
 */
const INSERT_PROJECTS = `
with r as (
  select g,
    1 + floor(power(random(), 1.6) * $3::int)::int as ci,
    random() < 0.75 as at_home, floor(random() * $10::int)::int as slot,
    random() as u_status, random() as u_owner,
    sqrt(random()) as u_r, 2 * pi() * random() as theta,
    random() < 0.75 as w_funds, random() < 0.4 as w_vol, random() < 0.25 as w_skill, random() < 0.25 as w_gift,
    1 + floor(random() * 16)::int as s1, 1 + floor(random() * 15)::int as s2off, random() < 0.3 as two_s,
    1 + floor(random() * 12)::int as g1, 1 + floor(random() * 11)::int as g2off, random() < 0.3 as two_g,
    5 + 5 * floor(random() * 12)::int as sh1, 5 + 5 * floor(random() * 12)::int as sh2,
    1 + floor(random() * 60)::int as gq1, 1 + floor(random() * 60)::int as gq2,
    (5 + floor(power(random(), 2) * 495)::bigint) * 10000 as target,
    random() as u_raised, random() as u_pledged,
    10 * (1 + floor(random() * 50)::int) as vol_hours,
    random() as u_end, random() as u_start, random() as u_created, random() as u_day,
    1 + floor(random() * array_length($5::text[], 1))::int as q,
    1 + floor(random() * 6)::int as subject,
    random() < 0.3 as town_in_title,
    1 + floor(random() * array_length($6::text[], 1))::int as act,
    1 + floor(random() * array_length($7::text[], 1))::int as ben,
    1 + floor(random() * array_length($8::text[], 1))::int as sa,
    1 + floor(random() * array_length($8::text[], 1))::int as sb,
    1 + floor(random() * 100000)::int as person
  from generate_series($1::int, $2::int) g
  offset 0
), j as (
  select r.*, c.id as charity_id, c.name as charity_name, c.types, t.name as town,
    t.lat + r.u_r * t.radius_km * cos(r.theta) / 111.32 as lat,
    t.lng + r.u_r * t.radius_km * sin(r.theta) / (111.32 * cos(radians(t.lat))) as lng,
    case when r.u_status < 0.60 then 2 when r.u_status < 0.72 then 1 when r.u_status < 0.87 then 9
         when r.u_status < 0.95 then 3 else 0 end as status,
    r.w_funds or not (r.w_vol or r.w_skill or r.w_gift) as has_funds,
    1 + (r.s1 - 1 + r.s2off) % 16 as s2,
    1 + (r.g1 - 1 + r.g2off) % 12 as g2
  from r
  join cat_charity c on c.idx = r.ci
  join cat_slot s on s.slot = r.slot
  join cat_town t on t.id = case when r.at_home then c.town_id else s.town_id end
  offset 0
), d as (
  select j.*,
    case j.status
      when 2 then current_date + (1 + floor(j.u_end * 365))::int
      when 1 then current_date + (30 + floor(j.u_end * 365))::int
      when 9 then current_date - (1 + floor(j.u_end * 365))::int
      when 3 then current_date - floor(j.u_end * 200)::int
      else current_date + floor(j.u_end * 400)::int - 200 end as end_day
  from j
  offset 0
), e as (
  select d.*,
    case d.status
      when 2 then current_date - floor(d.u_start * 300)::int
      when 1 then current_date + floor(d.u_start * 30)::int
      else d.end_day - (30 + floor(d.u_start * 335))::int end as start_day,
    ($4::text[])[coalesce(d.types[1], 11)][d.subject] as subj
  from d
  offset 0
)
insert into projects (
  charity_id, owner_type, owner_id, title, summary, description, status, association_status,
  charity_types, start_date, end_date, city, latitude, longitude,
  funds_target, volunteering_hours, volunteering_start, volunteering_end, skill_needs, gift_needs,
  giving_kinds, skill_types, gift_types, funds_raised, donors_count, volunteering_pledged,
  skilled_pledged, gifts_pledged, finished_reason, created_at, updated_at, published_at)
select
  e.charity_id,
  case when e.u_owner < 0.88 then 3 when e.u_owner < 0.96 then 1 else 2 end,
  case when e.u_owner < 0.88 then e.charity_id else e.person end,
  upper(left(($5::text[])[e.q], 1)) || substr(($5::text[])[e.q], 2) || ' ' || e.subj
    || case when e.town_in_title then ' in ' || e.town else '' end,
  ($6::text[])[e.act] || ' ' || e.subj || ' for ' || ($7::text[])[e.ben] || ' in ' || e.town || '.',
  e.charity_name || ' is raising support for its ' || e.subj || ' in and around ' || e.town || '. '
    || ($8::text[])[e.sa] || ' ' || ($8::text[])[e.sb],
  e.status,
  case when e.u_owner < 0.88 then 5 when e.u_owner < 0.98 then 4 else 2 end,
  e.types,
  e.start_day, e.end_day, e.town, round(e.lat::numeric, 6)::float8, round(e.lng::numeric, 6)::float8,
  case when e.has_funds then e.target end,
  case when e.w_vol then e.vol_hours end,
  case when e.w_vol then e.start_day end,
  case when e.w_vol then e.end_day end,
  case when not e.w_skill then '[]'::jsonb
       when e.two_s then jsonb_build_array(jsonb_build_object('type', e.s1, 'hours', e.sh1),
                                           jsonb_build_object('type', e.s2, 'hours', e.sh2))
       else jsonb_build_array(jsonb_build_object('type', e.s1, 'hours', e.sh1)) end,
  case when not e.w_gift then '[]'::jsonb
       when e.two_g then jsonb_build_array(
         jsonb_build_object('type', e.g1, 'description', ($9::text[])[e.g1], 'quantity', e.gq1),
         jsonb_build_object('type', e.g2, 'description', ($9::text[])[e.g2], 'quantity', e.gq2))
       else jsonb_build_array(
         jsonb_build_object('type', e.g1, 'description', ($9::text[])[e.g1], 'quantity', e.gq1)) end,
  array_remove(array[case when e.has_funds then 2 end, case when e.w_vol then 3 end,
                     case when e.w_skill then 4 end, case when e.w_gift then 5 end], null),
  case when not e.w_skill then '{}'::int[]
       when e.two_s then array[least(e.s1, e.s2), greatest(e.s1, e.s2)] else array[e.s1] end,
  case when not e.w_gift then '{}'::int[]
       when e.two_g then array[least(e.g1, e.g2), greatest(e.g1, e.g2)] else array[e.g1] end,
  case when e.has_funds and e.status in (2, 3, 9)
       then case when e.status = 3 then e.target else floor(e.target * e.u_raised)::bigint end
       else 0 end,
  case when e.has_funds and e.status in (2, 3, 9)
       then ceil(e.target * e.u_raised / 2500.0)::int else 0 end,
  case when e.w_vol and e.status in (2, 3, 9) then floor(e.vol_hours * e.u_pledged)::int else 0 end,
  case when e.w_skill and e.status in (2, 3, 9)
       then floor((e.sh1 + case when e.two_s then e.sh2 else 0 end) * e.u_pledged)::int else 0 end,
  case when e.w_gift and e.status in (2, 3, 9)
       then floor((e.gq1 + case when e.two_g then e.gq2 else 0 end) * e.u_pledged)::int else 0 end,
  case when e.status = 9 then case when e.u_pledged < 0.9 then 'end_date' else 'impact' end end,
  least(now(), case when e.status = 1 then now() - e.u_created * interval '60 days'
                    else e.start_day - e.u_created * interval '30 days' + e.u_day * interval '1 day' end),
  now() - e.u_day * interval '7 days',
  case when e.status in (2, 3, 9) or (e.status = 0 and e.u_pledged < 0.5)
       then e.start_day + e.u_day * interval '1 day' end
from e`;

// ---------------------------------------------------------------------------------------------
// As a command: migrate and seed places (as the API does on start), then grow the catalogue.

async function cli() {
  const [url, projectsText, charitiesText] = process.argv.slice(2);
  const projects = Number(projectsText);
  const charities = charitiesText === undefined ? undefined : Number(charitiesText);
  if (!url || !Number.isInteger(projects) || projects < 0 || (charities !== undefined && !(charities > 0))) {
    console.error(
      'usage: node --conditions=source --import tsx bench/generate-catalogue.ts DATABASE_URL PROJECTS [CHARITIES]',
    );
    process.exit(2);
  }
  if (!decodeURIComponent(new URL(url).pathname.slice(1)).startsWith('kindred_bench')) {
    console.error(
      'generate-catalogue: the database name must start with kindred_bench (nothing was touched)',
    );
    process.exit(2);
  }
  const { openDatabase } = await import('../apps/api/src/db/client.js');
  const { seedPlaces } = await import('../apps/api/src/seed/places.js');
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await database.migrate();
    await seedPlaces(database.db);
  } finally {
    await database.close();
  }
  const result = await generateCatalogue(url, projects, {
    ...(charities === undefined ? {} : { charities }),
    log: (message) => console.log(message),
  });
  console.log(
    `catalogue: ${result.projects.toLocaleString('en-GB')} projects (${result.added.toLocaleString('en-GB')} added), ` +
      `${result.charities} approved charities, ${result.seconds.toFixed(1)} s`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  cli().catch((error: unknown) => {
    console.error(
      `generate-catalogue failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`,
    );
    process.exitCode = 1;
  });
}
