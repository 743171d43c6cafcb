import type { PageQuery } from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { placesRepository } from './places.repository.js';

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

/** What other modules ask of the places. */
export const placesQueries = {
  /** A town by id, or undefined. */
  town(db: Executor, id: number) {
    return placesRepository.city(db, id);
  },

  /**
   * The region and town of a stored place, for the forms that edit it (a place keeps the town's
   * name and coordinates, not its id); nulls when the place is not a town of the list.
   */
  async placeOf(
    db: Executor,
    place: { city: string | null; latitude: number | null; longitude: number | null },
  ): Promise<{ state_id: number | null; city_id: number | null }> {
    const town = place.city
      ? await placesRepository.townAt(db, place.city, place.latitude, place.longitude)
      : undefined;
    return { state_id: town?.state_id ?? null, city_id: town?.id ?? null };
  },

  /** Whether a region with this id exists. */
  regionExists(db: Executor, id: number): Promise<boolean> {
    return placesRepository.regionExists(db, id);
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

/** Regions and towns for the place pickers (public reference data). */
export function placesService(ctx: AppContext) {
  const db = () => ctx.database.db;
  return {
    async regions(countryId: number) {
      return { items: await placesRepository.regions(db(), countryId), next_cursor: null, prev_cursor: null };
    },

    async towns(stateId: number, query: PageQuery & { q?: string | undefined }) {
      if (!(await placesRepository.regionExists(db(), stateId))) throw notFound('The region');
      const cursor = decodeCursor(query.cursor, ['text', 'id']) as [string, number] | undefined;
      const rows = await placesRepository.towns(db(), stateId, {
        q: query.q,
        cursor,
        before: query.direction === 'before',
        limit: query.limit + 1,
      });
      return toPage(
        rows,
        query,
        (row) => [row.name, row.id],
        (row) => row,
      );
    },
  };
}
