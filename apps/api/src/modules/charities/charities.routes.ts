import {
  adminCharityCreateBodySchema,
  adminLockBodySchema,
  charityCreateBodySchema,
  charityDecisionBodySchema,
  charityFundsSchema,
  charityMemberSchema,
  charityMemberUpdateBodySchema,
  charitySchema,
  charityUpdateBodySchema,
  messageResponseSchema,
  pageQuerySchema,
  pageSchema,
} from '@kindred/shared';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import { created, idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';
import { currentUser } from '../../plugins/auth.js';

const route = routeOptions(['charity']);
const adminRoute = routeOptions(['admin']);

export const charitiesRoutes = moduleRoutes(async (app, { charities, charityMembers, charityReview }) => {
  app.get(
    '/charity/:id',
    route.public('A charity (pending or locked ones only for their members and platform admins)', {
      params: idParams(),
      answers: charitySchema,
    }),
    async (request) => charities.get(request.params.id, request.auth),
  );

  app.patch(
    '/charity/:id',
    route.user("Edit a charity's profile (its admins)", {
      params: idParams(),
      body: charityUpdateBodySchema,
      answers: charitySchema,
    }),
    async (request) => charities.update(request.auth, request.params.id, request.body),
  );

  app.delete(
    '/charity/:id',
    route.user('Delete a charity with no funds and no live projects (its Super Admin)', {
      params: idParams(),
      answers: messageResponseSchema,
    }),
    async (request) => charities.remove(request.auth, request.params.id),
  );

  app.get(
    '/charity/list',
    route.public('Approved charities by name', {
      querystring: pageQuerySchema.extend({ q: z.string().trim().max(100).optional() }),
      answers: pageSchema(charitySchema),
    }),
    async (request) => charities.listPublic(request.query),
  );

  app.get(
    '/charity/users/:id',
    route.user("A charity's members (its members)", {
      params: idParams(),
      answers: z.object({ items: z.array(charityMemberSchema) }),
    }),
    async (request) => ({ items: await charityMembers.members(request.auth, request.params.id) }),
  );

  app.patch(
    '/membership/charity/:charity_id/:user_id',
    route.user("Change a member's role or permissions (manage_members)", {
      params: idParams('charity_id', 'user_id'),
      body: charityMemberUpdateBodySchema,
      answers: messageResponseSchema,
    }),
    async (request) =>
      charityMembers.updateMember(
        request.auth,
        request.params.charity_id,
        request.params.user_id,
        request.body,
      ),
  );

  app.delete(
    '/membership/charity/:charity_id/:user_id',
    route.user('Remove a member (manage_members), or leave; the last admin stays', {
      params: idParams('charity_id', 'user_id'),
      answers: messageResponseSchema,
    }),
    async (request) =>
      charityMembers.removeMember(request.auth, request.params.charity_id, request.params.user_id),
  );

  app.get(
    '/charity/funds/:id',
    route.user(
      "A charity's funds and its projects' funds (view_finance)",
      {
        params: idParams(),
        answers: charityFundsSchema,
      },
      { scope: 'reports:read' },
    ),
    async (request) => charities.funds(request.auth, request.params.id),
  );

  app.post(
    '/charity/logo/:id',
    route.user("Upload a charity's logo (PNG or JPEG, 10 MB)", {
      consumes: ['multipart/form-data'],
      params: idParams(),
      answers: charitySchema,
    }),
    async (request) => charities.setLogo(request.auth, request.params.id, () => readUpload(request, 'logo')),
  );

  app.post(
    '/user/add/charity',
    route.user('Apply to add a charity; it waits for a platform admin', {
      body: charityCreateBodySchema,
      makes: charitySchema,
    }),
    async (request, reply) => created(reply, charities.apply(currentUser(request).id, request.body)),
  );

  app.post(
    '/charity',
    adminRoute.user('Add an approved charity with its first admin', {
      body: adminCharityCreateBodySchema,
      makes: charitySchema,
    }),
    async (request, reply) => created(reply, charityReview.createByAdmin(request.auth, request.body)),
  );

  app.get(
    '/admin/charity/pending/list',
    adminRoute.user('Charities waiting for approval, newest first', {
      querystring: pageQuerySchema.extend({
        status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
      }),
      answers: pageSchema(charitySchema),
    }),
    async (request) => charityReview.pending(request.auth, request.query, request.query.status),
  );

  app.post(
    '/admin/charity/pending/update',
    adminRoute.user('Accept or reject a pending charity; the applicant is mailed', {
      body: charityDecisionBodySchema,
      answers: charitySchema,
    }),
    async (request) => charityReview.decide(request.auth, request.body),
  );

  app.patch(
    '/admin/charity/:id/lock',
    adminRoute.user(
      'Lock or unlock a charity: a locked charity moves no money, publishes nothing and leaves explore',
      { params: idParams(), body: adminLockBodySchema, answers: charitySchema },
    ),
    async (request) => charityReview.setLock(request.auth, request.params.id, request.body),
  );
});
