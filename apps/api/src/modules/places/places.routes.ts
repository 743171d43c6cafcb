import { citySchema, pageQuerySchema, pageSchema, placeIdSchema, stateSchema } from '@kindred/shared';
import { z } from 'zod';
import { moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const placeIdParam = z.coerce.number().pipe(placeIdSchema);

const placeRoute = routeOptions(['places']);

export const placesRoutes = moduleRoutes(async (app, { places }) => {
  app.get(
    '/state/by_country/:countryId',
    placeRoute.public('Regions of a country (1 = United Kingdom)', {
      params: z.object({ countryId: placeIdParam }),
      answers: pageSchema(stateSchema),
    }),
    async (request) => places.regions(request.params.countryId),
  );

  app.get(
    '/city/by_state/:stateId',
    placeRoute.public('Towns and cities of a region, by name; `q` searches by name prefix', {
      params: z.object({ stateId: placeIdParam }),
      querystring: pageQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
      answers: pageSchema(citySchema),
    }),
    async (request) => places.towns(request.params.stateId, request.query),
  );
});
