import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Regions of a country ("states" in the calls' paths). Country 1 is the United Kingdom. */
export const states = pgTable(
  'states',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (t) => [uniqueIndex('states_country_name_uq').on(t.countryId, t.name)],
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    population: integer('population').notNull().default(0),
  },
  (t) => [
    uniqueIndex('cities_state_name_uq').on(t.stateId, t.name),
    index('cities_name_lower_idx').on(t.name),
  ],
);
