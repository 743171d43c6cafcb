import {
  markReadBodySchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  notificationSchema,
  unreadCountSchema,
  unsubscribeSchema,
} from '@kindred/shared';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { moduleRoutes, paged, routeOptions } from '../../platform/route-helpers.js';

const route = routeOptions(['notifications']);
const tokenParams = z.object({ token: z.string().min(1).max(200) });

/** What a person is told (docs/product/notifications.md): the bell, the list, preferences, unsubscribing. */
export const notificationsRoutes = moduleRoutes(async (app, { notifications }) => {
  app.get(
    '/notifications',
    route.user(
      'The person’s notifications, newest first, across the accounts they act for',
      paged(notificationSchema),
    ),
    async (request) => notifications.list(request.auth, request.query),
  );

  app.get(
    '/notifications/unread_count',
    route.user('How many of the person’s notifications are unread (the bell)', {
      answers: unreadCountSchema,
    }),
    async (request) => notifications.unreadCount(request.auth),
  );

  app.post(
    '/notifications/mark_read',
    route.user(
      'Mark some notifications read ({"ids"}), or all of them ({"all": true}); answers the unread left',
      {
        body: markReadBodySchema,
        answers: unreadCountSchema,
      },
    ),
    async (request) => notifications.markRead(request.auth, request.body),
  );

  app.get(
    '/user/notification_preferences',
    route.user('Each kind of notification: shown in the app or not, mailed now, daily or not at all', {
      answers: notificationPreferencesSchema,
    }),
    async (request) => notifications.preferences(request.auth),
  );

  app.put(
    '/user/notification_preferences',
    route.user('Choose, for some kinds, whether they show in the app and when they are mailed', {
      body: notificationPreferencesBodySchema,
      answers: notificationPreferencesSchema,
    }),
    async (request) => notifications.savePreferences(request.auth, request.body),
  );

  app.get(
    '/unsubscribe/:token',
    route.public('A mail’s unsubscribe link: the mail it stops, and whether it is stopped', {
      params: tokenParams,
      answers: unsubscribeSchema,
    }),
    async (request) => notifications.unsubscribeView(request.params.token),
  );

  // Mail programs post `List-Unsubscribe=One-Click` as a form (RFC 8058); the web app posts nothing.
  await app.register(async (plugin) => {
    const form = plugin.withTypeProvider<ZodTypeProvider>();
    form.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    form.post(
      '/unsubscribe/:token',
      route.public('Stop the mail a link names, in one click, without signing in (RFC 8058)', {
        params: tokenParams,
        answers: unsubscribeSchema,
      }),
      async (request) => notifications.unsubscribe(request.params.token),
    );
  });
});
