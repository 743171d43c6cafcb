import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere } from '../../db/insert.js';
import { byName } from '../../lib/pagination.js';
import { escapeLike } from '../../lib/text.js';
import { cities, states } from './places.table.js';

/** Town ids are 32-bit integers in the database: a larger number names no town (and must not reach SQL). */
const MAX_CITY_ID = 2_147_483_647;

/** SQL of the places (regions and towns, reference data from GeoNames). */
export const placesRepository = {
  async city(db: Executor, id: number) {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_CITY_ID) return undefined;
    return firstWhere(db, cities, eq(cities.id, id));
  },

  /** The town a stored place names (its name, at its coordinates when it has them), or undefined. */
  async townAt(db: Executor, name: string, latitude: number | null, longitude: number | null) {
    const conditions: SQL[] = [eq(cities.name, name)];
    if (latitude !== null && longitude !== null) {
      conditions.push(eq(cities.latitude, latitude), eq(cities.longitude, longitude));
    }
    const rows = await db
      .select({ id: cities.id, state_id: cities.stateId })
      .from(cities)
      .where(and(...conditions))
      .limit(2);
    // A name without coordinates that several regions share names no one town.
    return rows.length === 1 ? rows[0] : undefined;
  },

  regions(db: Executor, countryId: number) {
    return db
      .select({ id: states.id, name: states.name, code: states.code })
      .from(states)
      .where(eq(states.countryId, countryId))
      .orderBy(asc(states.name));
  },

  async regionExists(db: Executor, id: number): Promise<boolean> {
    const [row] = await db.select({ id: states.id }).from(states).where(eq(states.id, id));
    return row !== undefined;
  },

  /** Towns of a region by name, keyset paged on (name, id). */
  towns(
    db: Executor,
    stateId: number,
    page: { q?: string | undefined; cursor?: [string, number] | undefined; before: boolean; limit: number },
  ) {
    const conditions: SQL[] = [eq(cities.stateId, stateId)];
    if (page.q) conditions.push(ilike(cities.name, `${escapeLike(page.q)}%`));
    const { condition, order } = byName(cities.name, cities.id, page.cursor, page.before);
    if (condition) conditions.push(condition);
    return db
      .select({
        id: cities.id,
        state_id: cities.stateId,
        name: cities.name,
        latitude: cities.latitude,
        longitude: cities.longitude,
      })
      .from(cities)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(page.limit);
  },
};
