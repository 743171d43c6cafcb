import { citySchema, pageQuerySchema, pageSchema, placeIdSchema, stateSchema } from '@kindred/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { routeOptions } from '../../platform/route-helpers.js';
import type { Services } from '../../services.js';

const placeIdParam = z.coerce.number().pipe(placeIdSchema);

const placeRoute = routeOptions(['places']);

export const placesRoutes =
  (_ctx: AppContext, services: Services): FastifyPluginAsyncZod =>
  async (app) => {
    const { places } = services;

    app.get(
      '/state/by_country/:countryId',
      placeRoute.public('Regions of a country (1 = United Kingdom)', {
        params: z.object({ countryId: placeIdParam }),
        response: { 200: pageSchema(stateSchema) },
      }),
      async (request) => places.regions(request.params.countryId),
    );

    app.get(
      '/city/by_state/:stateId',
      placeRoute.public('Towns and cities of a region, by name; `q` searches by name prefix', {
        params: z.object({ stateId: placeIdParam }),
        querystring: pageQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
        response: { 200: pageSchema(citySchema) },
      }),
      async (request) => places.towns(request.params.stateId, request.query),
    );
  };
