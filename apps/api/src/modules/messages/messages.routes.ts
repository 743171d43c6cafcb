import {
  mailboxesSchema,
  mailboxParamsSchema,
  markReadResponseSchema,
  messageCreateBodySchema,
  messageMarkReadBodySchema,
  messageParamsSchema,
  messageReplyBodySchema,
  messageSchema,
  messageUpdateBodySchema,
  recipientSchema,
  recipientSearchQuerySchema,
} from '@kindred/shared';
import { z } from 'zod';
import { created, moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const FOLDERS = [
  ['inbox', 'The messages a mailbox received, newest first'],
  ['sent', 'The messages a mailbox sent, newest first'],
  ['draft', 'The drafts of a mailbox, last saved first'],
  ['archive', 'What a mailbox archived, newest first'],
] as const;

const route = routeOptions(['messages']);

/**
 * Messages (docs/product/wire-contract.md#owner-types, docs/product/organisations.md#messages):
 * mailboxes named by `{owner_type}/{owner_id}`, a person (1), an organisation (2), a charity (3) or
 * a project (4) the caller belongs to.
 */
export const messagesRoutes = moduleRoutes(async (app, { messages, messageSending }) => {
  for (const [folder, summary] of FOLDERS)
    app.get(
      `/message/get_all_${folder}/:owner_type/:owner_id`,
      route.user(summary, {
        params: mailboxParamsSchema,
        ...paged(messageSchema),
      }),
      async (request) => messages.list(request.auth, request.params, folder, request.query),
    );

  app.get(
    '/message/get/:owner_type/:owner_id/:message_id',
    route.user('One message of a mailbox (sent or received, or its own draft)', {
      params: messageParamsSchema,
      answers: messageSchema,
    }),
    async (request) => messages.get(request.auth, request.params),
  );

  app.get(
    '/replay/get/:owner_type/:owner_id/:message_id',
    route.user('The thread of a message: its sent messages and replies, oldest first', {
      params: messageParamsSchema,
      ...paged(messageSchema),
    }),
    async (request) => messages.thread(request.auth, request.params, request.query),
  );

  app.post(
    '/message/create',
    route.user('Write a message as oneself or an account: status 1 saves a draft, 2 sends it', {
      body: messageCreateBodySchema,
      makes: messageSchema,
    }),
    async (request, reply) => created(reply, messageSending.create(request.auth, request.body)),
  );

  app.patch(
    '/message/update/:owner_type/:owner_id/:message_id',
    route.user('Edit a draft; status 2 sends it', {
      params: messageParamsSchema,
      body: messageUpdateBodySchema,
      answers: messageSchema,
    }),
    async (request) => messageSending.update(request.auth, request.params, request.body),
  );

  app.post(
    '/message/reply',
    route.user('Reply in a thread: sent at once to the other party', {
      body: messageReplyBodySchema,
      makes: messageSchema,
    }),
    async (request, reply) => created(reply, messageSending.reply(request.auth, request.body)),
  );

  app.post(
    '/message/mark_read',
    route.user('Mark received messages as read; answers the mailbox’s unread count', {
      body: messageMarkReadBodySchema,
      answers: markReadResponseSchema,
    }),
    async (request) => messages.markRead(request.auth, request.body),
  );

  app.delete(
    '/message/archive/:owner_type/:owner_id/:message_id',
    route.user('Archive a message in this mailbox (the other side keeps its copy)', {
      params: messageParamsSchema,
      answers: messageSchema,
    }),
    async (request) => messages.archive(request.auth, request.params),
  );

  app.get(
    '/message/mailboxes',
    route.user('The mailboxes I read (mine and my accounts’) with their unread counts', {
      answers: mailboxesSchema,
    }),
    async (request) => messages.mailboxes(request.auth),
  );

  app.get(
    '/message/recipients',
    route.user('Find people, charities, organisations and projects to write to, by name (no emails)', {
      querystring: recipientSearchQuerySchema,
      answers: z.object({ items: z.array(recipientSchema) }),
    }),
    async (request) => messages.recipients(request.auth, request.query.q, request.query.limit),
  );
});
