import {
  charityCardSchema,
  charityExploreQuerySchema,
  exploreSummaryQuerySchema,
  exploreSummarySchema,
  fundraiserCardSchema,
  fundraiserExploreQuerySchema,
  groupCardSchema,
  groupExploreQuerySchema,
  locationsSchema,
  mapQuerySchema,
  pageSchema,
  projectCardSchema,
  projectExploreQuerySchema,
  projectFiltersSchema,
} from '@kindred/shared';
import { idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['explore']);

/**
 * Public search of Live projects, approved charities, public groups and open fundraising pages,
 * with map locations.
 */
export const exploreRoutes = moduleRoutes(async (app, { explore }) => {
  app.get(
    '/explore/project/list',
    route.public('Live projects with filters, keyset paged', {
      querystring: projectExploreQuerySchema,
      answers: pageSchema(projectCardSchema),
    }),
    async (request) => explore.projects(request.query),
  );

  app.get(
    '/explore/summary',
    route.public(
      'The landing page: totals given through projects and Live projects ending soon, near a place and most supported',
      { querystring: exploreSummaryQuerySchema, answers: exploreSummarySchema },
    ),
    async (request) => explore.summary(request.query),
  );

  app.get(
    '/explore/project/locations',
    route.public('Where Live projects are: points, or clusters when many are in view', {
      querystring: projectFiltersSchema.extend(mapQuerySchema.shape),
      answers: locationsSchema,
    }),
    async (request) => explore.projectLocations(request.query),
  );

  app.get(
    '/explore/charity/list',
    route.public('Approved charities with filters, by name', {
      querystring: charityExploreQuerySchema,
      answers: pageSchema(charityCardSchema),
    }),
    async (request) => explore.charities(request.query),
  );

  app.get(
    '/explore/charity/locations',
    route.public('Where approved charities are', {
      querystring: charityExploreQuerySchema
        .omit({ limit: true, cursor: true, direction: true })
        .extend(mapQuerySchema.shape),
      answers: locationsSchema,
    }),
    async (request) => explore.charityLocations(request.query),
  );

  app.get(
    '/explore/group/list',
    route.public('Public groups by name', {
      querystring: groupExploreQuerySchema,
      answers: pageSchema(groupCardSchema),
    }),
    async (request) => explore.groups(request.query),
  );

  app.get(
    '/explore/fundraiser/list',
    route.public(
      'Open fundraising pages by their title, cause or fundraiser: most raised, ending soonest or newest first',
      {
        querystring: fundraiserExploreQuerySchema,
        answers: pageSchema(fundraiserCardSchema),
      },
    ),
    async (request) => explore.fundraisers(request.query),
  );

  app.get(
    '/explore/group/:id',
    route.public(
      'A public group as visitors see it: name, type, description, members, how to join (no PIN)',
      { params: idParams(), answers: groupCardSchema },
    ),
    async (request) => explore.group(request.params.id),
  );
});
