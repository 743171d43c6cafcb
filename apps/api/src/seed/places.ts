import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { cities, states } from '../modules/places/places.table.js';

interface PlacesFile {
  country: { id: number };
  states: Array<{ id: number; name: string; code: string }>;
  cities: Array<{
    id: number;
    state_id: number;
    name: string;
    latitude: number;
    longitude: number;
    population: number;
  }>;
}

let cached: PlacesFile | undefined;
export function ukPlaces(): PlacesFile {
  cached ??= JSON.parse(
    readFileSync(new URL('../../seed-data/uk-places.json', import.meta.url), 'utf8'),
  ) as PlacesFile;
  return cached;
}

/** Loads the UK regions and towns (GeoNames, CC BY 4.0) once; later starts find them there. */
export async function seedPlaces(db: Executor): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(states);
  if ((row?.count ?? 0) > 0) return;
  const data = ukPlaces();
  await db.transaction(async (tx) => {
    await tx
      .insert(states)
      .values(data.states.map((s) => ({ id: s.id, countryId: data.country.id, name: s.name, code: s.code })));
    for (let i = 0; i < data.cities.length; i += 1000) {
      await tx.insert(cities).values(
        data.cities.slice(i, i + 1000).map((c) => ({
          id: c.id,
          stateId: c.state_id,
          name: c.name,
          latitude: c.latitude,
          longitude: c.longitude,
          population: c.population,
        })),
      );
    }
  });
}
