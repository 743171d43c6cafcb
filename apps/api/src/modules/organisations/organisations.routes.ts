import {
  adminBusinessCreateBodySchema,
  adminBusinessListQuerySchema,
  adminLockBodySchema,
  businessAutocompleteQuerySchema,
  businessCreateBodySchema,
  businessDecisionBodySchema,
  businessMemberRefBodySchema,
  businessMemberSetBodySchema,
  businessMembersSchema,
  businessSchema,
  businessSuggestionSchema,
  businessUpdateBodySchema,
  messageResponseSchema,
  myBusinessSchema,
  pageQuerySchema,
  pageSchema,
  signoffPolicyBodySchema,
  signoffPolicySchema,
} from '@kindred/shared';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import { created, idParams, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['organisation']);
const adminRoute = routeOptions(['admin']);

/** Organisations (docs/product/organisations.md): profile, members and roles, sign-off admins and policy. */
export const organisationsRoutes = moduleRoutes(
  async (app, { organisations, organisationMembers, organisationReview }) => {
    app.post(
      '/user/add/business',
      route.user('Add my organisation: I become its Super Admin; it waits for a platform admin', {
        body: businessCreateBodySchema,
        makes: businessSchema,
      }),
      async (request, reply) => created(reply, organisations.apply(request.auth, request.body)),
    );

    app.post(
      '/business',
      adminRoute.user('Add an approved organisation with its first Super Admin (platform admins)', {
        body: adminBusinessCreateBodySchema,
        makes: businessSchema,
      }),
      async (request, reply) => created(reply, organisationReview.createByAdmin(request.auth, request.body)),
    );

    app.get(
      '/business/list',
      route.user('The organisations I belong to, by name, with my role', { ...paged(myBusinessSchema) }),
      async (request) => organisations.mine(request.auth, request.query),
    );

    app.get(
      '/business/autocomplete',
      route.public('Approved, unlocked organisations whose name contains the text (for asking to join)', {
        querystring: businessAutocompleteQuerySchema,
        answers: z.object({ items: z.array(businessSuggestionSchema) }),
      }),
      async (request) => organisations.autocomplete(request.query.q, request.query.limit),
    );

    app.get(
      '/business/:id',
      route.user('An organisation (pending or locked ones only for its members and platform admins)', {
        params: idParams(),
        answers: businessSchema,
      }),
      async (request) => organisations.get(request.auth, request.params.id),
    );

    app.patch(
      '/business/:id',
      route.user("Edit an organisation's profile (its Super Admins and Admins)", {
        params: idParams(),
        body: businessUpdateBodySchema,
        answers: businessSchema,
      }),
      async (request) => organisations.update(request.auth, request.params.id, request.body),
    );

    app.delete(
      '/business/:id',
      route.user('Delete an organisation that holds no money and has no sub-businesses (its Super Admin)', {
        params: idParams(),
        answers: messageResponseSchema,
      }),
      async (request) => organisations.remove(request.auth, request.params.id),
    );

    app.post(
      '/business/logo/:id',
      route.user("Upload an organisation's logo (PNG or JPEG, 10 MB)", {
        consumes: ['multipart/form-data'],
        params: idParams(),
        answers: businessSchema,
      }),
      async (request) =>
        organisations.setLogo(request.auth, request.params.id, () => readUpload(request, 'logo')),
    );

    app.patch(
      '/admin/business/:id/lock',
      adminRoute.user(
        'Lock or unlock an organisation: a locked one moves no money and is not found by others; its members keep their own accounts',
        { params: idParams(), body: adminLockBodySchema, answers: businessSchema },
      ),
      async (request) => organisationReview.setLock(request.auth, request.params.id, request.body),
    );

    app.get(
      '/admin/business_list',
      adminRoute.user(
        'Organisations by approval status, newest first; search by name, filter by lock (platform admins)',
        {
          querystring: pageQuerySchema.extend(adminBusinessListQuerySchema.shape),
          answers: pageSchema(businessSchema),
        },
      ),
      async (request) =>
        organisationReview.reviewList(request.auth, request.query, request.query.status, {
          q: request.query.q || undefined,
          locked: request.query.locked === undefined ? undefined : request.query.locked === 'yes',
        }),
    );

    app.post(
      '/admin/business/pending/update',
      adminRoute.user('Approve or reject a pending organisation; its Super Admins are mailed', {
        body: businessDecisionBodySchema,
        answers: businessSchema,
      }),
      async (request) => organisationReview.decide(request.auth, request.body),
    );

    app.get(
      '/business/:id/members',
      route.user("An organisation's members with their roles (its members)", {
        params: idParams(),
        answers: businessMembersSchema,
      }),
      async (request) => organisationMembers.members(request.auth, request.params.id),
    );

    app.get(
      '/business/admins/:id',
      route.user("An organisation's Super Admins and Admins (its members)", {
        params: idParams(),
        answers: businessMembersSchema,
      }),
      async (request) => organisationMembers.admins(request.auth, request.params.id),
    );

    app.post(
      '/membership/business/:id/set',
      route.user(
        "Change a member's role (only a Super Admin makes or unmakes Super Admins; one always stays)",
        { params: idParams(), body: businessMemberSetBodySchema, answers: messageResponseSchema },
      ),
      async (request) => organisationMembers.setMember(request.auth, request.params.id, request.body),
    );

    app.post(
      '/membership/business/:id/delete',
      route.user('Remove a member, or leave; the last Super Admin cannot be removed', {
        params: idParams(),
        body: businessMemberRefBodySchema,
        answers: messageResponseSchema,
      }),
      async (request) =>
        organisationMembers.removeMember(request.auth, request.params.id, request.body.user_id),
    );

    app.get(
      '/business/signoff-admins/:id',
      route.user("An organisation's sign-off admins (its members)", {
        params: idParams(),
        answers: businessMembersSchema,
      }),
      async (request) => organisationMembers.signoffAdmins(request.auth, request.params.id),
    );

    app.get(
      '/business/employees-without-signoff/:id',
      route.user('Members who are not sign-off admins (its members)', {
        params: idParams(),
        answers: businessMembersSchema,
      }),
      async (request) => organisationMembers.withoutSignoff(request.auth, request.params.id),
    );

    app.post(
      '/membership/signoff/:id',
      route.user('Make a member a sign-off admin (its Super Admins)', {
        params: idParams(),
        body: businessMemberRefBodySchema,
        answers: messageResponseSchema,
      }),
      async (request) =>
        organisationMembers.setSignoff(request.auth, request.params.id, request.body.user_id, true),
    );

    app.delete(
      '/membership/signoff/:id/:user_id',
      route.user('A member stops being a sign-off admin (its Super Admins)', {
        params: idParams('id', 'user_id'),
        answers: messageResponseSchema,
      }),
      async (request) =>
        organisationMembers.setSignoff(request.auth, request.params.id, request.params.user_id, false),
    );

    app.get(
      '/business/:id/signoff-policy',
      route.user('How many sign-off approvals a donation on behalf of the organisation needs (its members)', {
        params: idParams(),
        answers: signoffPolicySchema,
      }),
      async (request) => organisationMembers.signoffPolicy(request.auth, request.params.id),
    );

    app.put(
      '/business/:id/signoff-policy',
      route.user(
        'Set the sign-off policy: approvals every donation needs, and more at or above a threshold (its Super Admins)',
        { params: idParams(), body: signoffPolicyBodySchema, answers: signoffPolicySchema },
      ),
      async (request) => organisationMembers.setSignoffPolicy(request.auth, request.params.id, request.body),
    );
  },
);
