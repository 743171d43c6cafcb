import { citySchema, pageQuerySchema, pageSchema, placeIdSchema, stateSchema } from '@kindred/shared';
import { and, asc, desc, eq, gt, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { cities, states } from './places.table.js';

const idParam = z.coerce.number().pipe(placeIdSchema);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const placesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const db = ctx.database.db;

    app.get(
      '/state/by_country/:countryId',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['places'],
          summary: 'Regions of a country (1 = United Kingdom)',
          params: z.object({ countryId: idParam }),
          response: { 200: pageSchema(stateSchema) },
        },
      },
      async (request) => {
        const rows = await db
          .select({ id: states.id, name: states.name, code: states.code })
          .from(states)
          .where(eq(states.countryId, request.params.countryId))
          .orderBy(asc(states.name));
        return { items: rows, next_cursor: null, prev_cursor: null };
      },
    );

    app.get(
      '/city/by_state/:stateId',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['places'],
          summary: 'Towns and cities of a region, by name; `q` searches by name prefix',
          params: z.object({ stateId: idParam }),
          querystring: pageQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
          response: { 200: pageSchema(citySchema) },
        },
      },
      async (request) => {
        const { stateId } = request.params;
        const query = request.query;
        const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
        if (!state) throw notFound('The region');
        const cursor = decodeCursor(query.cursor, ['text', 'id']) as [string, number] | undefined;
        const before = query.direction === 'before';
        const conditions: SQL[] = [eq(cities.stateId, stateId)];
        if (query.q) conditions.push(ilike(cities.name, `${escapeLike(query.q)}%`));
        if (cursor) {
          const [name, id] = cursor;
          const cmp = before ? lt : gt;
          const keyset = or(
            cmp(cities.name, String(name)),
            and(eq(cities.name, String(name)), cmp(cities.id, Number(id))),
          );
          if (keyset) conditions.push(keyset);
        }
        const order = before ? [desc(cities.name), desc(cities.id)] : [asc(cities.name), asc(cities.id)];
        const rows = await db
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
          .limit(query.limit + 1);
        return toPage(
          rows,
          query,
          (row) => [row.name, row.id],
          (row) => row,
        );
      },
    );
  };
