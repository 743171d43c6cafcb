import {
  fundraiserCardSchema,
  fundraiserCreateBodySchema,
  fundraiserHideBodySchema,
  fundraiserPostBodySchema,
  fundraiserPostSchema,
  fundraiserSchema,
  fundraiserTeamSchema,
  fundraiserUpdateBodySchema,
} from '@kindred/shared';
import { readUpload } from '../../lib/uploads.js';
import { created, idParams, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['fundraiser']);

/**
 * Fundraising pages (docs/product/fundraising-pages.md). The supporters wall of a page
 * (`GET /fundraiser/{id}/donations`) is the donations module's.
 */
export const fundraisersRoutes = moduleRoutes(async (app, { fundraisers, projects }) => {
  app.post(
    '/fundraiser/create',
    route.user(
      'Open a fundraising page for a live project or a charity (alone, for a group, or for an organisation)',
      {
        body: fundraiserCreateBodySchema,
        makes: fundraiserSchema,
      },
    ),
    async (request, reply) => created(reply, fundraisers.create(request.auth, request.body)),
  );

  app.get(
    '/fundraiser/:id',
    route.public('A fundraising page (a hidden one only for its fundraiser and the charity’s admins)', {
      params: idParams(),
      answers: fundraiserSchema,
    }),
    async (request) => fundraisers.get(request.auth, request.params.id),
  );

  app.patch(
    '/fundraiser/:id',
    route.user('Edit one’s own fundraising page: title, story, target, end date', {
      params: idParams(),
      body: fundraiserUpdateBodySchema,
      answers: fundraiserSchema,
    }),
    async (request) => fundraisers.update(request.auth, request.params.id, request.body),
  );

  app.post(
    '/fundraiser/:id/picture',
    route.user('Change one’s own fundraising page’s picture (PNG or JPEG, 20 MB)', {
      consumes: ['multipart/form-data'],
      params: idParams(),
      answers: fundraiserSchema,
    }),
    async (request) =>
      fundraisers.setPicture(request.auth, request.params.id, () => readUpload(request, 'gallery')),
  );

  app.get(
    '/fundraiser/:id/updates',
    route.public('A fundraising page’s updates by its fundraiser, newest first', {
      params: idParams(),
      ...paged(fundraiserPostSchema),
    }),
    async (request) => fundraisers.posts(request.auth, request.params.id, request.query),
  );

  app.post(
    '/fundraiser/:id/updates',
    route.user('Post an update on one’s own fundraising page', {
      params: idParams(),
      body: fundraiserPostBodySchema,
      makes: fundraiserPostSchema,
    }),
    async (request, reply) =>
      created(reply, fundraisers.addPost(request.auth, request.params.id, request.body)),
  );

  app.post(
    '/fundraiser/:id/hide',
    route.user(
      'Take down a fundraising page that misrepresents the charity (its admins; the fundraiser is told why)',
      {
        params: idParams(),
        body: fundraiserHideBodySchema,
        answers: fundraiserSchema,
      },
    ),
    async (request) => fundraisers.setHidden(request.auth, request.params.id, request.body),
  );

  app.post(
    '/fundraiser/:id/unhide',
    route.user('Put back a fundraising page the charity took down (its admins)', {
      params: idParams(),
      answers: fundraiserSchema,
    }),
    async (request) => fundraisers.setHidden(request.auth, request.params.id, null),
  );

  app.get(
    '/user/fundraisers',
    route.user('One’s own fundraising pages, newest first (hidden ones too)', paged(fundraiserCardSchema)),
    async (request) => fundraisers.mine(request.auth, request.query),
  );

  app.get(
    '/charity/:id/fundraisers',
    route.user('Every fundraising page for a charity and its projects, newest first (its admins)', {
      params: idParams(),
      ...paged(fundraiserCardSchema),
    }),
    async (request) => fundraisers.ofCharity(request.auth, request.params.id, request.query),
  );

  app.get(
    '/project/:id/fundraisers',
    route.public('A project’s open fundraising pages, most raised first', {
      params: idParams(),
      ...paged(fundraiserCardSchema),
    }),
    async (request) =>
      fundraisers.ofProject(request.params.id, request.query, () =>
        projects.viewable(request.params.id, request.auth),
      ),
  );

  app.get(
    '/group/:id/fundraisers',
    route.public(
      'A group’s fundraising team: its pages ranked by what each raised (a private group’s for its members)',
      {
        params: idParams(),
        answers: fundraiserTeamSchema,
      },
    ),
    async (request) => fundraisers.team(request.auth, request.params.id),
  );
});
