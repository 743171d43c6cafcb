import {
  type CharityExploreQuery,
  ENDING_SOON_DAYS,
  type groupExploreQuerySchema,
  type Locations,
  type ProjectCard,
  type ProjectExploreQuery,
} from '@kindred/shared';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { type CursorPart, decodeCursor, exactTime, newestFirst, toPage } from '../../lib/pagination.js';
import { addDays, isoDay } from '../../lib/periods.js';
import { charitiesRepository, publicCharity } from '../charities/charities.repository.js';
import { charities } from '../charities/charities.table.js';
import { groupMemberships, groups } from '../groups/groups.table.js';
import { placesQueries } from '../places/places.service.js';
import type { ProjectRow } from '../projects/projects.repository.js';
import { projects } from '../projects/projects.table.js';

const MAP_CELLS_LOCK = 72_411_002;

/** How many of the newest Live projects a text search reads before it reads them all. */
const SEARCH_WINDOW = 2_000;
/** Map cells are kept for zoom levels up to this (see the project_map_cells view). */
export const MAP_CELL_MAX_ZOOM = 14;

/** Below this many markers in view the map gets points; above it, clusters. */
export const MAX_POINTS = 500;
const KM_PER_DEGREE = 111.32;

interface Near {
  lat: number;
  lng: number;
  radiusKm: number;
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

function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function parseBbox(bbox: string | undefined) {
  if (!bbox) return undefined;
  const [west, south, east, north] = bbox.split(',').map(Number) as [number, number, number, number];
  if (south > north || south < -90 || north > 90)
    throw badRequest('The map area is not valid.', { bbox: 'Use west,south,east,north.' });
  return { west, south, east, north };
}

/** What visitors find: only Live projects of approved, unlocked charities (domain.md §5). */
export function exploreService(ctx: AppContext) {
  const db = () => ctx.database.db;

  async function resolveNear(query: {
    city_id?: number | undefined;
    lat?: number | undefined;
    lng?: number | undefined;
    radius_km: number;
  }) {
    if (query.city_id) {
      const town = await placesQueries.town(db(), query.city_id);
      if (!town) throw badRequest('The town does not exist.', { city_id: 'Choose a town from the list.' });
      return { lat: town.latitude, lng: town.longitude, radiusKm: query.radius_km };
    }
    if (query.lat !== undefined && query.lng !== undefined)
      return { lat: query.lat, lng: query.lng, radiusKm: query.radius_km };
    if (query.lat !== undefined || query.lng !== undefined)
      throw badRequest('Give both lat and lng.', { lat: 'Needs lng too.' });
    return undefined;
  }

  function projectFilters(
    query: Omit<ProjectExploreQuery, 'limit' | 'direction' | 'cursor'>,
    near: Near | undefined,
  ): SQL[] {
    const where: Array<SQL | undefined> = [
      eq(projects.status, 2),
      inArray(projects.associationStatus, [4, 5]),
      sql`${projects.charityId} in (select ${charities.id} from ${charities} where ${publicCharity()})`,
    ];
    if (query.q) where.push(sql`${projects.search} @@ websearch_to_tsquery('english', ${query.q})`);
    if (query.charity_type)
      where.push(sql`${projects.charityTypes} @> array[${query.charity_type}]::integer[]`);
    if (query.giving_kind) where.push(sql`${projects.givingKinds} @> array[${query.giving_kind}]::integer[]`);
    if (query.skill_type) where.push(sql`${projects.skillTypes} @> array[${query.skill_type}]::integer[]`);
    if (query.gift_type) where.push(sql`${projects.giftTypes} @> array[${query.gift_type}]::integer[]`);
    if (query.charity_id) where.push(eq(projects.charityId, query.charity_id));
    if (query.ending_soon) where.push(lte(projects.endDate, addDays(isoDay(ctx.now()), ENDING_SOON_DAYS)));
    if (near) where.push(...nearConditions(projects.latitude, projects.longitude, near));
    return where.filter((c): c is SQL => c !== undefined);
  }

  function card(row: ProjectRow, charityName: string | undefined, distance: number | null): ProjectCard {
    return {
      id: row.id,
      title: row.title,
      summary: row.summary,
      logo: row.logo,
      charity: row.charityId && charityName ? { id: row.charityId, name: charityName } : null,
      city: row.city,
      latitude: row.latitude,
      longitude: row.longitude,
      end_date: row.endDate,
      charity_types: row.charityTypes,
      giving_kinds: row.givingKinds,
      funds_target: row.fundsTarget,
      funds_raised: row.fundsRaised,
      volunteering_hours: row.volunteeringHours,
      volunteering_pledged: row.volunteeringPledged,
      skilled_hours: row.skillNeeds.reduce((sum, need) => sum + need.hours, 0),
      skilled_pledged: row.skilledPledged,
      gifts_needed: row.giftNeeds.reduce((sum, need) => sum + need.quantity, 0),
      gifts_pledged: row.giftsPledged,
      distance_km: distance === null ? null : Math.round(distance * 10) / 10,
    };
  }

  /** Groups rows into map clusters by a grid that shrinks as the map zooms in. */
  async function locate(
    table: typeof projects | typeof charities,
    label: SQL,
    where: SQL[],
    bbox: ReturnType<typeof parseBbox>,
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
    const [total] = await db()
      .select({ n: count() })
      .from(table)
      .where(and(...conditions));
    const n = total?.n ?? 0;
    if (n <= MAX_POINTS) {
      const rows = await db()
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
    const rows = await db()
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

  return {
    /**
     * Recounts the map cells. One process at a time does it (an advisory lock), and readers keep
     * reading the old counts meanwhile (CONCURRENTLY).
     */
    async refreshMapCells() {
      await db().transaction(async (tx) => {
        const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${MAP_CELLS_LOCK}) as locked`);
        const locked = (lock as unknown as { rows: Array<{ locked: boolean }> }).rows[0]?.locked;
        if (locked) await tx.execute(sql`refresh materialized view concurrently project_map_cells`);
      });
    },

    async projects(query: ProjectExploreQuery) {
      const near = await resolveNear(query);
      const where = projectFilters(query, near);
      const sort = query.sort ?? (query.ending_soon ? 'ending' : near ? 'nearest' : 'newest');
      if (sort === 'nearest' && !near)
        throw badRequest('Sorting by distance needs a place.', { sort: 'Choose a place first.' });
      const before = query.direction === 'before';
      const distance = near ? distanceSql(projects.latitude, projects.longitude, near) : sql<null>`null`;
      let key: {
        cursor: CursorPart[];
        keyset: (cursor: Array<string | number>) => SQL | undefined;
        order: SQL[];
        keyOf: (row: ProjectRow & { distance: number | null; cursorAt: string }) => Array<string | number>;
      };
      if (sort === 'ending') {
        key = {
          cursor: ['day', 'id'],
          keyset: ([end, id]) =>
            before
              ? or(
                  lt(projects.endDate, String(end)),
                  and(eq(projects.endDate, String(end)), lt(projects.id, Number(id))),
                )
              : or(
                  gt(projects.endDate, String(end)),
                  and(eq(projects.endDate, String(end)), gt(projects.id, Number(id))),
                ),
          order: before
            ? [desc(projects.endDate), desc(projects.id)]
            : [asc(projects.endDate), asc(projects.id)],
          keyOf: (row) => [row.endDate ?? '', row.id],
        };
      } else if (sort === 'nearest') {
        key = {
          cursor: ['number', 'id'],
          keyset: ([d, id]) =>
            before
              ? sql`(${distance}, ${projects.id}) < (${Number(d)}, ${Number(id)})`
              : sql`(${distance}, ${projects.id}) > (${Number(d)}, ${Number(id)})`,
          order: before
            ? [sql`${distance} desc`, desc(projects.id)]
            : [sql`${distance} asc`, asc(projects.id)],
          keyOf: (row) => [row.distance ?? 0, row.id],
        };
      } else {
        key = {
          cursor: ['time', 'id'],
          keyset: (cursor) => newestFirst(projects.createdAt, projects.id, cursor, before).conditions[0],
          order: newestFirst(projects.createdAt, projects.id, undefined, before).order,
          keyOf: (row) => [row.cursorAt, row.id],
        };
      }
      const cursor = decodeCursor(query.cursor, key.cursor);
      const after = cursor ? key.keyset(cursor) : undefined;
      const run = (extra: SQL[]) =>
        db()
          .select({ project: projects, distance, cursorAt: exactTime(projects.createdAt) })
          .from(projects)
          .where(and(...where, after, ...extra))
          .orderBy(...key.order)
          .limit(query.limit + 1);
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
      } else if (sort === 'newest' && query.q) {
        // Text search: the newest Live projects first, by the index, instead of sorting every match.
        narrow.push([
          // `= any(array(...))` runs the window first and then fetches its rows by id, so the
          // planner cannot swap it for a scan of every match.
          sql`${projects.id} = any(array(select ${projects.id} from ${projects} where ${and(eq(projects.status, 2), after)} order by ${sql.join(key.order, sql`, `)} limit ${SEARCH_WINDOW}))`,
        ]);
      }
      let rows: Awaited<ReturnType<typeof run>> = [];
      for (const extra of narrow) {
        rows = await run(extra);
        if (rows.length > query.limit) break;
      }
      if (rows.length <= query.limit) rows = await run([]);
      const flat = rows.map((r) => ({
        ...r.project,
        distance: r.distance as number | null,
        cursorAt: r.cursorAt,
      }));
      const page = toPage(flat, query, key.keyOf, (row) => row);
      const names = await charityNames(page.items.map((row) => row.charityId));
      return {
        ...page,
        items: page.items.map((row) => card(row, names.get(row.charityId ?? 0), row.distance)),
      };
    },

    async projectLocations(
      query: Omit<ProjectExploreQuery, 'limit' | 'direction' | 'cursor'> & {
        bbox?: string | undefined;
        zoom: number;
      },
    ) {
      const near = await resolveNear(query);
      const bbox = parseBbox(query.bbox);
      const unfiltered =
        !near &&
        !query.q &&
        !query.charity_type &&
        !query.giving_kind &&
        !query.skill_type &&
        !query.gift_type &&
        !query.ending_soon &&
        !query.charity_id;
      if (unfiltered && query.zoom <= MAP_CELL_MAX_ZOOM && (!bbox || bbox.west <= bbox.east)) {
        // A map of everything: clusters from the cells kept by the scheduler, when there are many.
        const cell = 90 / 2 ** query.zoom;
        const inView = bbox
          ? sql`and cy between ${Math.floor(bbox.south / cell)} and ${Math.floor(bbox.north / cell)}
                and cx between ${Math.floor(bbox.west / cell)} and ${Math.floor(bbox.east / cell)}`
          : sql``;
        const result = await db().execute(
          sql`select lat_sum / n as latitude, lng_sum / n as longitude, n as count
              from project_map_cells where zoom = ${query.zoom} ${inView} limit 4000`,
        );
        const cells = (
          result as unknown as { rows: Array<{ latitude: number; longitude: number; count: number }> }
        ).rows;
        const total = cells.reduce((sum, c) => sum + Number(c.count), 0);
        if (total > MAX_POINTS) {
          return {
            items: [],
            clusters: cells.map((c) => ({
              latitude: Number(c.latitude),
              longitude: Number(c.longitude),
              count: Number(c.count),
            })),
            total,
          };
        }
      }
      return locate(projects, sql`${projects.title}`, projectFilters(query, near), bbox, query.zoom);
    },

    async charities(query: CharityExploreQuery) {
      const near = await resolveNear(query);
      const where: Array<SQL | undefined> = [publicCharity()];
      if (query.q) where.push(sql`${charities.search} @@ websearch_to_tsquery('english', ${query.q})`);
      if (query.charity_type)
        where.push(sql`${charities.charityTypes} @> array[${query.charity_type}]::integer[]`);
      if (near) where.push(...nearConditions(charities.latitude, charities.longitude, near));
      const before = query.direction === 'before';
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      if (cursor) {
        const [name, id] = cursor;
        const cmp = before ? lt : gt;
        where.push(
          or(
            cmp(charities.name, String(name)),
            and(eq(charities.name, String(name)), cmp(charities.id, Number(id))),
          ),
        );
      }
      const distance = near ? distanceSql(charities.latitude, charities.longitude, near) : sql<null>`null`;
      const rows = await db()
        .select({ charity: charities, distance })
        .from(charities)
        .where(and(...where))
        .orderBy(
          ...(before ? [desc(charities.name), desc(charities.id)] : [asc(charities.name), asc(charities.id)]),
        )
        .limit(query.limit + 1);
      const page = toPage(
        rows,
        query,
        (row) => [row.charity.name, row.charity.id],
        (row) => row,
      );
      const counts = await charitiesRepository.liveProjectCounts(
        db(),
        page.items.map((row) => row.charity.id),
      );
      return {
        ...page,
        items: page.items.map(({ charity, distance: d }) => ({
          id: charity.id,
          name: charity.name,
          description: charity.description,
          logo: charity.logo,
          charity_types: charity.charityTypes,
          city: charity.city,
          latitude: charity.latitude,
          longitude: charity.longitude,
          live_projects: counts.get(charity.id) ?? 0,
          distance_km: d === null ? null : Math.round(Number(d) * 10) / 10,
        })),
      };
    },

    async charityLocations(
      query: Omit<CharityExploreQuery, 'limit' | 'direction' | 'cursor'> & {
        bbox?: string | undefined;
        zoom: number;
      },
    ) {
      const near = await resolveNear(query);
      const where: SQL[] = [publicCharity() as SQL];
      if (query.q) where.push(sql`${charities.search} @@ websearch_to_tsquery('english', ${query.q})`);
      if (query.charity_type)
        where.push(sql`${charities.charityTypes} @> array[${query.charity_type}]::integer[]`);
      if (near) where.push(...nearConditions(charities.latitude, charities.longitude, near));
      return locate(charities, sql`${charities.name}`, where, parseBbox(query.bbox), query.zoom);
    },

    async groups(query: z.infer<typeof groupExploreQuerySchema>) {
      const where: Array<SQL | undefined> = [eq(groups.isPublic, true)];
      if (query.q) where.push(ilike(groups.name, `%${escapeLike(query.q)}%`));
      if (query.group_type) where.push(eq(groups.groupType, query.group_type));
      const before = query.direction === 'before';
      const cursor = decodeCursor(query.cursor, ['text', 'id']);
      if (cursor) {
        const [name, id] = cursor;
        const cmp = before ? lt : gt;
        where.push(
          or(cmp(groups.name, String(name)), and(eq(groups.name, String(name)), cmp(groups.id, Number(id)))),
        );
      }
      const rows = await db()
        .select({
          group: groups,
          members:
            sql<number>`(select count(*) from ${groupMemberships} where ${groupMemberships.groupId} = ${groups.id})`.mapWith(
              Number,
            ),
        })
        .from(groups)
        .where(and(...where))
        .orderBy(...(before ? [desc(groups.name), desc(groups.id)] : [asc(groups.name), asc(groups.id)]))
        .limit(query.limit + 1);
      const page = toPage(
        rows,
        query,
        (row) => [row.group.name, row.group.id],
        (row) => row,
      );
      return {
        ...page,
        items: page.items.map(({ group, members }) => ({
          id: group.id,
          name: group.name,
          description: group.description,
          group_type: group.groupType,
          logo: group.logo,
          members,
          requires_approval: group.requiresApproval,
        })),
      };
    },
  };

  async function charityNames(ids: Array<number | null>) {
    const unique = [...new Set(ids.filter((id): id is number => id !== null))];
    if (unique.length === 0) return new Map<number, string>();
    const rows = await db()
      .select({ id: charities.id, name: charities.name })
      .from(charities)
      .where(inArray(charities.id, unique));
    return new Map(rows.map((row) => [row.id, row.name]));
  }
}
