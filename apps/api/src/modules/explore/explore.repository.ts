import type { CharityExploreQuery, Locations, ProjectExploreQuery } from '@kindred/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { matchesWords } from '../../db/word-search.js';
import { byName, type CursorPart, type CursorValue, exactTime, newestFirst } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import { charitiesForJoins as charities, publicCharity } from '../charities/index.js';
import { type FundraiserRow, fundraisersForJoins as fundraisers } from '../fundraisers/index.js';
import { groupMembershipsForJoins as groupMemberships, groupsForJoins as groups } from '../groups/index.js';
import { type ProjectRow, projectsForJoins as projects } from '../projects/index.js';

/**
 * SQL of explore, the read model of what visitors find. It reads the projects, charities, groups
 * and fundraising pages' tables through the join targets of their modules' faces (decision 010, docs/architecture.md
 * "Module faces"): its searches filter, sort and count across them in one query each, which the
 * owners' query functions could only do in several. It never writes.
 */

const MAP_CELLS_LOCK = 72_411_002;

/** How many of the newest Live projects a text search reads before it reads them all. */
const SEARCH_WINDOW = 2_000;
/** Map cells are kept for zoom levels up to this (see the project_map_cells view). */
export const MAP_CELL_MAX_ZOOM = 14;
/** Below this many markers in view the map gets points; above it, clusters. */
export const MAX_POINTS = 500;
const KM_PER_DEGREE = 111.32;

export interface Near {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** A map view: west, south, east, north in degrees (west > east crosses the date line). */
export interface Bbox {
  west: number;
  south: number;
  east: number;
  north: number;
}

type PageOf<Cursor> = { cursor?: Cursor | undefined; before: boolean; limit: number };

export type ProjectFilter = Pick<
  ProjectExploreQuery,
  'q' | 'charity_type' | 'giving_kind' | 'skill_type' | 'gift_type' | 'charity_id'
> & {
  /** Only projects ending on or before this day ("ending soon"). */
  endingBy?: string | undefined;
  near?: Near | undefined;
};
export type CharityFilter = Pick<CharityExploreQuery, 'q' | 'charity_type'> & { near?: Near | undefined };

export type ProjectSort = 'newest' | 'ending' | 'nearest' | 'supported';
/** A project found, with its distance from the place searched and its exact creation time. */
export type ProjectHit = ProjectRow & { distance: number | null; cursorAt: string };

/** The cursor of each sort of the project list: what its parts are, and a row's key. */
export const PROJECT_SORTS: Record<
  ProjectSort,
  { cursor: CursorPart[]; keyOf: (row: ProjectHit) => CursorValue[] }
> = {
  ending: { cursor: ['day', 'id'], keyOf: (row) => [row.endDate ?? '', row.id] },
  nearest: { cursor: ['number', 'id'], keyOf: (row) => [row.distance ?? 0, row.id] },
  newest: { cursor: ['time', 'id'], keyOf: (row) => [row.cursorAt, row.id] },
  supported: { cursor: ['number', 'id'], keyOf: (row) => [row.donorsCount, row.id] },
};

export type FundraiserSort = 'raised' | 'ending' | 'newest';
/** A fundraising page found, with its exact creation time (the newest order's cursor). */
export type FundraiserHit = FundraiserRow & { cursorAt: string };

/** The cursor of each order of the fundraisers' list: what its parts are, and a row's key. */
export const FUNDRAISER_LIST_SORTS: Record<
  FundraiserSort,
  { cursor: CursorPart[]; keyOf: (row: FundraiserHit) => CursorValue[] }
> = {
  raised: { cursor: ['number', 'id'], keyOf: (row) => [row.raised, row.id] },
  ending: { cursor: ['day', 'id'], keyOf: (row) => [row.endDate, row.id] },
  newest: { cursor: ['time', 'id'], keyOf: (row) => [row.cursorAt, row.id] },
};

export interface FundraiserFilter {
  /** The UTC day: a page is open through its end date. */
  today: string;
  /**
   * The words searched: each must start a word of the page's title, of its cause (the project's
   * title or the charity's name) or of its fundraiser's name (`people`: who has such a name).
   */
  words: Array<{ word: string; people: number[] }>;
}

/** Great-circle distance in km from a point to a row's coordinates. */
function distanceSql(latitude: AnyPgColumn, longitude: AnyPgColumn, near: Near) {
  return sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${latitude} - ${near.lat}) / 2), 2) + cos(radians(${near.lat})) * cos(radians(${latitude})) * power(sin(radians(${longitude} - ${near.lng}) / 2), 2))))`;
}

function nearConditions(latitude: AnyPgColumn, longitude: AnyPgColumn, near: Near) {
  const dLat = near.radiusKm / KM_PER_DEGREE;
  const dLng = near.radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((near.lat * Math.PI) / 180)));
  return [
    // A box first, which the location index answers, then the exact circle.
    sql`${latitude} between ${near.lat - dLat} and ${near.lat + dLat}`,
    sql`${longitude} between ${near.lng - dLng} and ${near.lng + dLng}`,
    sql`${distanceSql(latitude, longitude, near)} <= ${near.radiusKm}`,
  ];
}

/**
 * Only Live projects of approved, unlocked charities
 * (docs/product/projects-and-charities.md#what-visitors-find), then the visitor's filters.
 */
function projectConditions(filter: ProjectFilter): SQL[] {
  const where: Array<SQL | undefined> = [
    eq(projects.status, 2),
    inArray(projects.associationStatus, [4, 5]),
    sql`${projects.charityId} in (select ${charities.id} from ${charities} where ${publicCharity()})`,
  ];
  if (filter.q) where.push(sql`${projects.search} @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.charity_type)
    where.push(sql`${projects.charityTypes} @> array[${filter.charity_type}]::integer[]`);
  if (filter.giving_kind) where.push(sql`${projects.givingKinds} @> array[${filter.giving_kind}]::integer[]`);
  if (filter.skill_type) where.push(sql`${projects.skillTypes} @> array[${filter.skill_type}]::integer[]`);
  if (filter.gift_type) where.push(sql`${projects.giftTypes} @> array[${filter.gift_type}]::integer[]`);
  if (filter.charity_id) where.push(eq(projects.charityId, filter.charity_id));
  if (filter.endingBy) where.push(lte(projects.endDate, filter.endingBy));
  if (filter.near) where.push(...nearConditions(projects.latitude, projects.longitude, filter.near));
  return where.filter((c): c is SQL => c !== undefined);
}

/**
 * Open, visible fundraising pages of public causes (docs/product/fundraising-pages.md, "Lists"):
 * not hidden, not past their end date, for a Live project or an approved, unlocked charity, then
 * the words searched.
 */
function fundraiserConditions(filter: FundraiserFilter): SQL[] {
  const liveProjects = sql`select ${projects.id} from ${projects} where ${and(...projectConditions({}))}`;
  const where: Array<SQL | undefined> = [
    isNull(fundraisers.hiddenAt),
    gte(fundraisers.endDate, filter.today),
    sql`${fundraisers.charityId} in (select ${charities.id} from ${charities} where ${publicCharity()})`,
    or(isNull(fundraisers.projectId), sql`${fundraisers.projectId} in (${liveProjects})`),
  ];
  for (const { word, people } of filter.words) {
    const query = `${word}:*`;
    where.push(
      or(
        matchesWords(fundraisers.title, query),
        sql`${fundraisers.projectId} in (select ${projects.id} from ${projects} where ${matchesWords(projects.title, query)})`,
        sql`${fundraisers.charityId} in (select ${charities.id} from ${charities} where ${matchesWords(charities.name, query)})`,
        people.length > 0 ? inArray(fundraisers.userId, people) : undefined,
      ),
    );
  }
  return where.filter((c): c is SQL => c !== undefined);
}

/** Approved, unlocked charities, then the visitor's filters. */
function charityConditions(filter: CharityFilter): SQL[] {
  const where: SQL[] = [publicCharity() as SQL];
  if (filter.q) where.push(sql`${charities.search} @@ websearch_to_tsquery('english', ${filter.q})`);
  if (filter.charity_type)
    where.push(sql`${charities.charityTypes} @> array[${filter.charity_type}]::integer[]`);
  if (filter.near) where.push(...nearConditions(charities.latitude, charities.longitude, filter.near));
  return where;
}

/** A group's member count, for its card. */
const memberCount = () =>
  sql<number>`(select count(*) from ${groupMemberships} where ${groupMemberships.groupId} = ${groups.id})`.mapWith(
    Number,
  );

/** Groups rows into map clusters by a grid that shrinks as the map zooms in. */
async function locate(
  db: Executor,
  table: typeof projects | typeof charities,
  label: SQL,
  where: SQL[],
  bbox: Bbox | undefined,
  zoom: number,
): Promise<Locations> {
  const conditions = [...where, isNotNull(table.latitude), isNotNull(table.longitude)];
  if (bbox) {
    conditions.push(sql`${table.latitude} between ${bbox.south} and ${bbox.north}`);
    conditions.push(
      bbox.west <= bbox.east
        ? sql`${table.longitude} between ${bbox.west} and ${bbox.east}`
        : sql`(${table.longitude} >= ${bbox.west} or ${table.longitude} <= ${bbox.east})`,
    );
  }
  const [total] = await db
    .select({ n: count() })
    .from(table)
    .where(and(...conditions));
  const n = total?.n ?? 0;
  if (n <= MAX_POINTS) {
    const rows = await db
      .select({ id: table.id, name: label, latitude: table.latitude, longitude: table.longitude })
      .from(table)
      .where(and(...conditions))
      .limit(MAX_POINTS);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: String(row.name),
        latitude: row.latitude ?? 0,
        longitude: row.longitude ?? 0,
      })),
      clusters: [],
      total: n,
    };
  }
  const cell = 360 / 2 ** zoom / 4;
  const rows = await db
    .select({
      latitude: sql<number>`avg(${table.latitude})`.mapWith(Number),
      longitude: sql<number>`avg(${table.longitude})`.mapWith(Number),
      count: count(),
    })
    .from(table)
    .where(and(...conditions))
    .groupBy(sql`floor(${table.latitude} / ${cell})`, sql`floor(${table.longitude} / ${cell})`)
    .limit(4000);
  return { items: [], clusters: rows, total: n };
}

export const exploreRepository = {
  /** Takes the map cells' lock for the transaction; false when another process holds it. */
  async lockMapCells(tx: Executor): Promise<boolean> {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${MAP_CELLS_LOCK}) as locked`);
    return Boolean((lock as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked);
  },

  /** Recounts the map cells; readers keep reading the old counts meanwhile (CONCURRENTLY). */
  async refreshMapCells(tx: Executor) {
    await tx.execute(sql`refresh materialized view concurrently project_map_cells`);
  },

  /** The kept map cells of a zoom level (up to MAP_CELL_MAX_ZOOM) in view, as clusters. */
  async mapCells(db: Executor, zoom: number, bbox: Bbox | undefined) {
    const cell = 90 / 2 ** zoom;
    const inView = bbox
      ? sql`and cy between ${Math.floor(bbox.south / cell)} and ${Math.floor(bbox.north / cell)}
            and cx between ${Math.floor(bbox.west / cell)} and ${Math.floor(bbox.east / cell)}`
      : sql``;
    const result = await db.execute(
      sql`select lat_sum / n as latitude, lng_sum / n as longitude, n as count
          from project_map_cells where zoom = ${zoom} ${inView} limit 4000`,
    );
    const cells = (
      result as unknown as { rows: Array<{ latitude: number; longitude: number; count: number }> }
    ).rows;
    return cells.map((c) => ({
      latitude: Number(c.latitude),
      longitude: Number(c.longitude),
      count: Number(c.count),
    }));
  },

  /**
   * A page of the project list (`limit` rows past the cursor) in the order of `sort`; `nearest`
   * takes a filter with `near`.
   */
  async projects(
    db: Executor,
    filter: ProjectFilter,
    page: PageOf<CursorValue[]> & { sort: ProjectSort },
  ): Promise<ProjectHit[]> {
    const { near } = filter;
    const { sort, before, cursor } = page;
    const where = projectConditions(filter);
    const distance = near ? distanceSql(projects.latitude, projects.longitude, near) : sql<null>`null`;
    let keyset: (cursor: CursorValue[]) => SQL | undefined;
    let order: SQL[];
    if (sort === 'ending') {
      keyset = ([end, id]) =>
        before
          ? or(
              lt(projects.endDate, String(end)),
              and(eq(projects.endDate, String(end)), lt(projects.id, Number(id))),
            )
          : or(
              gt(projects.endDate, String(end)),
              and(eq(projects.endDate, String(end)), gt(projects.id, Number(id))),
            );
      order = before
        ? [desc(projects.endDate), desc(projects.id)]
        : [asc(projects.endDate), asc(projects.id)];
    } else if (sort === 'nearest') {
      keyset = ([d, id]) =>
        before
          ? sql`(${distance}, ${projects.id}) < (${Number(d)}, ${Number(id)})`
          : sql`(${distance}, ${projects.id}) > (${Number(d)}, ${Number(id)})`;
      order = before ? [sql`${distance} desc`, desc(projects.id)] : [sql`${distance} asc`, asc(projects.id)];
    } else if (sort === 'supported') {
      // Most supporters first, then the newest id; "before" walks back towards the most supported.
      keyset = ([n, id]) =>
        before
          ? sql`(${projects.donorsCount}, ${projects.id}) > (${Number(n)}, ${Number(id)})`
          : sql`(${projects.donorsCount}, ${projects.id}) < (${Number(n)}, ${Number(id)})`;
      order = before
        ? [asc(projects.donorsCount), asc(projects.id)]
        : [desc(projects.donorsCount), desc(projects.id)];
    } else {
      keyset = (at) => newestFirst(projects.createdAt, projects.id, at, before).conditions[0];
      order = newestFirst(projects.createdAt, projects.id, undefined, before).order;
    }
    const after = cursor ? keyset(cursor) : undefined;
    const run = (extra: SQL[]) =>
      db
        .select({ project: projects, distance, cursorAt: exactTime(projects.createdAt) })
        .from(projects)
        .where(and(...where, after, ...extra))
        .orderBy(...order)
        .limit(page.limit);
    // Narrow tries first (domain of big catalogues): when a narrow try already fills the page,
    // its rows are exactly the page's, since every row it left out sorts after them.
    const narrow: SQL[][] = [];
    if (sort === 'nearest' && near && !before) {
      const from = cursor ? Number(cursor[0]) : 0;
      for (const share of [1 / 16, 1 / 4]) {
        const radiusKm = from + near.radiusKm * share;
        if (radiusKm < near.radiusKm) {
          narrow.push(nearConditions(projects.latitude, projects.longitude, { ...near, radiusKm }));
        }
      }
    } else if (sort === 'newest' && filter.q) {
      // Text search: the newest Live projects first, by the index, instead of sorting every match.
      narrow.push([
        // `= any(array(...))` runs the window first and then fetches its rows by id, so the
        // planner cannot swap it for a scan of every match.
        sql`${projects.id} = any(array(select ${projects.id} from ${projects} where ${and(eq(projects.status, 2), after)} order by ${sql.join(order, sql`, `)} limit ${SEARCH_WINDOW}))`,
      ]);
    }
    // A try that fills the page (one row more than it shows) is the page.
    const full = page.limit - 1;
    let rows: Awaited<ReturnType<typeof run>> = [];
    for (const extra of narrow) {
      rows = await run(extra);
      if (rows.length > full) break;
    }
    if (rows.length <= full) rows = await run([]);
    return rows.map((r) => ({ ...r.project, distance: r.distance as number | null, cursorAt: r.cursorAt }));
  },

  projectLocations(db: Executor, filter: ProjectFilter, bbox: Bbox | undefined, zoom: number) {
    return locate(db, projects, sql`${projects.title}`, projectConditions(filter), bbox, zoom);
  },

  /** A page of charities by name (`limit` rows past the cursor), with their distance from `near`. */
  charities(db: Executor, filter: CharityFilter, page: PageOf<CursorValue[]>) {
    const { condition, order } = byName(charities.name, charities.id, page.cursor, page.before);
    const distance = filter.near
      ? distanceSql(charities.latitude, charities.longitude, filter.near)
      : sql<null>`null`;
    return db
      .select({ charity: charities, distance })
      .from(charities)
      .where(and(...charityConditions(filter), condition))
      .orderBy(...order)
      .limit(page.limit);
  },

  charityLocations(db: Executor, filter: CharityFilter, bbox: Bbox | undefined, zoom: number) {
    return locate(db, charities, sql`${charities.name}`, charityConditions(filter), bbox, zoom);
  },

  /**
   * A page of open, visible fundraising pages (`limit` rows past the cursor): most raised first
   * (then the oldest id), ending soonest, or newest first.
   */
  async fundraisers(
    db: Executor,
    filter: FundraiserFilter,
    page: PageOf<CursorValue[]> & { sort: FundraiserSort },
  ): Promise<FundraiserHit[]> {
    const { sort, before, cursor } = page;
    let after: SQL | undefined;
    let order: SQL[];
    if (sort === 'raised') {
      // Most raised first, then the oldest id; "before" walks back towards the most raised.
      if (cursor) {
        const [raised, id] = [Number(cursor[0]), Number(cursor[1])];
        after = before
          ? or(gt(fundraisers.raised, raised), and(eq(fundraisers.raised, raised), lt(fundraisers.id, id)))
          : or(lt(fundraisers.raised, raised), and(eq(fundraisers.raised, raised), gt(fundraisers.id, id)));
      }
      order = before
        ? [asc(fundraisers.raised), desc(fundraisers.id)]
        : [desc(fundraisers.raised), asc(fundraisers.id)];
    } else if (sort === 'ending') {
      if (cursor) {
        const row = sql`(${fundraisers.endDate}, ${fundraisers.id})`;
        const key = sql`(${String(cursor[0])}::date, ${Number(cursor[1])})`;
        after = before ? sql`${row} < ${key}` : sql`${row} > ${key}`;
      }
      order = before
        ? [desc(fundraisers.endDate), desc(fundraisers.id)]
        : [asc(fundraisers.endDate), asc(fundraisers.id)];
    } else {
      const newest = newestFirst(fundraisers.createdAt, fundraisers.id, cursor, before);
      after = newest.conditions[0];
      order = newest.order;
    }
    const rows = await db
      .select({ page: fundraisers, cursorAt: exactTime(fundraisers.createdAt) })
      .from(fundraisers)
      .where(and(...fundraiserConditions(filter), after))
      .orderBy(...order)
      .limit(page.limit);
    return rows.map((row) => ({ ...row.page, cursorAt: row.cursorAt }));
  },

  /** One public group with its member count (a visitor's group page); undefined when private or gone. */
  async group(db: Executor, id: number) {
    const [row] = await db
      .select({ group: groups, members: memberCount() })
      .from(groups)
      .where(and(eq(groups.isPublic, true), eq(groups.id, id)));
    return row;
  },

  /** A page of public groups by name (`limit` rows past the cursor), with their member counts. */
  groups(
    db: Executor,
    filter: { q?: string | undefined; group_type?: number | undefined },
    page: PageOf<CursorValue[]>,
  ) {
    const where: Array<SQL | undefined> = [eq(groups.isPublic, true)];
    if (filter.q) where.push(ilike(groups.name, likePattern(filter.q)));
    if (filter.group_type) where.push(eq(groups.groupType, filter.group_type));
    const { condition, order } = byName(groups.name, groups.id, page.cursor, page.before);
    return db
      .select({
        group: groups,
        members: memberCount(),
      })
      .from(groups)
      .where(and(...where, condition))
      .orderBy(...order)
      .limit(page.limit);
  },
};
