import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { cities } from './places.table.js';

export interface PlaceInput {
  city_id?: number | null | undefined;
  city?: string | null | undefined;
  latitude?: number | null | undefined;
  longitude?: number | null | undefined;
}

export interface ResolvedPlace {
  city?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** Town ids are 32-bit integers in the database: a larger number names no town (and must not reach SQL). */
const MAX_CITY_ID = 2_147_483_647;

export const placesRepository = {
  async city(db: Executor, id: number) {
    if (!Number.isSafeInteger(id) || id < 1 || id > MAX_CITY_ID) return undefined;
    const [row] = await db.select().from(cities).where(eq(cities.id, id));
    return row;
  },

  /**
   * Turns a place given as a town id or as coordinates into the columns kept on a row: the town
   * gives its name and coordinates; coordinates must come as a pair.
   */
  async resolve(db: Executor, input: PlaceInput): Promise<ResolvedPlace> {
    const place: ResolvedPlace = {};
    if (input.city !== undefined) place.city = input.city;
    if (
      (input.latitude === undefined) !== (input.longitude === undefined) ||
      (input.latitude === null) !== (input.longitude === null)
    ) {
      throw badRequest('Give both latitude and longitude.', { latitude: 'Needs longitude too.' });
    }
    if (input.latitude !== undefined) {
      place.latitude = input.latitude;
      place.longitude = input.longitude ?? null;
    }
    if (input.city_id) {
      const town = await placesRepository.city(db, input.city_id);
      if (!town) throw badRequest('The town does not exist.', { city_id: 'Choose a town from the list.' });
      place.city = input.city ?? town.name;
      place.latitude = input.latitude ?? town.latitude;
      place.longitude = input.longitude ?? town.longitude;
    }
    return place;
  },
};
