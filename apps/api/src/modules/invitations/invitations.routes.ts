import {
  invitationConfirmSchema,
  invitationCreateBodySchema,
  invitationSchema,
  joinCreateBodySchema,
  joinDecideBodySchema,
  joinRemoveBodySchema,
  joinRequestSchema,
  membershipPatchBodySchema,
  messageResponseSchema,
  userRequestsSchema,
} from '@kindred/shared';
import { z } from 'zod';
import {
  created,
  idParam,
  idParams,
  moduleRoutes,
  paged,
  routeOptions,
} from '../../platform/route-helpers.js';

const route = routeOptions(['invitations']);
const organisationRoute = routeOptions(['organisation']);
const charityRoute = routeOptions(['charity']);

/**
 * Invitations by email and requests to join
 * (docs/product/organisations.md#invitations-and-requests-to-join, decision 023).
 */
export const invitationsRoutes = moduleRoutes(async (app, { invitations, joinRequests }) => {
  app.post(
    '/invitation/create',
    route.user(
      'Invite a person by email to an organisation, charity, project or group (those who manage its members); mails a single-use code valid for 14 days',
      { body: invitationCreateBodySchema, makes: invitationSchema },
    ),
    async (request, reply) => created(reply, invitations.create(request.auth, request.body)),
  );

  app.get(
    '/invitation/confirm/:code',
    route.public(
      'What an invitation is for; signed in as the invited email, it is accepted (single use, 14 days)',
      {
        params: z.object({ code: z.string().trim().min(10).max(200) }),
        answers: invitationConfirmSchema,
      },
    ),
    async (request) => invitations.confirm(request.auth, request.params.code),
  );

  app.get(
    '/invitation/pending/:target_type/:id',
    route.user(
      "An organisation's, charity's or group's invitations waiting for an answer (those who manage its members; a group's admins)",
      {
        params: z.object({ target_type: z.enum(['business', 'charity', 'group']), id: idParam }),
        response: { 200: z.object({ items: z.array(invitationSchema) }) },
      },
    ),
    async (request) =>
      invitations.pendingInvitations(request.auth, request.params.target_type, request.params.id),
  );

  app.patch(
    '/membership',
    route.user('Accept or decline an invitation sent to my email (by its id or its code)', {
      body: membershipPatchBodySchema,
      answers: invitationSchema,
    }),
    async (request) => invitations.respond(request.auth, request.body),
  );

  app.post(
    '/join',
    route.user('Ask to join an approved organisation or charity; its admins are mailed', {
      body: joinCreateBodySchema,
      makes: joinRequestSchema,
    }),
    async (request, reply) => created(reply, joinRequests.ask(request.auth, request.body)),
  );

  app.patch(
    '/join',
    route.user('Accept or decline a request to join (those who manage the members); the asker is mailed', {
      body: joinDecideBodySchema,
      answers: joinRequestSchema,
    }),
    async (request) => joinRequests.decide(request.auth, request.body),
  );

  app.patch(
    '/join/remove',
    route.user('Withdraw my own pending request to join', {
      body: joinRemoveBodySchema,
      answers: messageResponseSchema,
    }),
    async (request) => joinRequests.withdraw(request.auth, request.body.request_id),
  );

  app.get(
    '/business/requests/:id',
    organisationRoute.user(
      'People asking to join the organisation, oldest first (its Super Admins and Admins)',
      {
        params: idParams(),
        ...paged(joinRequestSchema),
      },
    ),
    async (request) => joinRequests.businessRequests(request.auth, request.params.id, request.query),
  );

  app.get(
    '/charity/requests/:id',
    charityRoute.user(
      'People asking to join the charity, oldest first (its Super Admins and members who manage its members)',
      {
        params: idParams(),
        ...paged(joinRequestSchema),
      },
    ),
    async (request) => joinRequests.charityRequests(request.auth, request.params.id, request.query),
  );

  app.get(
    '/user/requests/:id',
    route.user(
      'My own pending requests to join (organisations, charities and groups) and the invitations waiting for me',
      { params: idParams(), answers: userRequestsSchema },
    ),
    async (request) => joinRequests.userRequests(request.auth, request.params.id),
  );
});
