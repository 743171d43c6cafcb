import {
  deleteAccountBodySchema,
  emailChangeBodySchema,
  emailChangeResponseSchema,
  messageResponseSchema,
  passwordChangeBodySchema,
  sessionDetailSchema,
  tokenResponseSchema,
  userSchema,
  userUpdateBodySchema,
} from '@kindred/shared';
import { z } from 'zod';
import { readUpload } from '../../lib/uploads.js';
import { idParams, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';
import { currentUser } from '../../plugins/auth.js';

const userResponse = z.object({ user: userSchema });

const route = routeOptions(['user']);

export const usersRoutes = moduleRoutes(async (app, { users }) => {
  app.get(
    '/user/get',
    route.user('The signed-in user with memberships and unread messages', { answers: sessionDetailSchema }),
    async (request) => users.sessionDetail(currentUser(request).id),
  );

  app.get('/user/refresh', route.user('A fresh token', { answers: tokenResponseSchema }), async (request) =>
    users.refresh(currentUser(request).id),
  );

  app.patch(
    '/user/update',
    route.user('Update the profile', { body: userUpdateBodySchema, answers: userResponse }),
    async (request) => users.updateProfile(currentUser(request).id, request.body),
  );

  app.patch(
    '/user/password',
    route.user('Change the password; older tokens stop working and a new one is returned', {
      body: passwordChangeBodySchema,
      answers: tokenResponseSchema,
    }),
    async (request) => users.changePassword(currentUser(request).id, request.body),
  );

  app.post(
    '/user/email',
    route.user('Change the email address (needs the password); returns a new token', {
      body: emailChangeBodySchema,
      answers: emailChangeResponseSchema,
    }),
    async (request) => users.changeEmail(currentUser(request).id, request.body),
  );

  app.delete(
    '/user/:id',
    route.user('Delete the own account (needs the password); donation history stays, anonymised', {
      params: idParams(),
      body: deleteAccountBodySchema,
      answers: messageResponseSchema,
    }),
    async (request) => users.deleteAccount(request.auth, request.params.id, request.body),
  );

  app.post(
    '/user/avatar/:id',
    route.user('Upload the avatar (PNG or JPEG, at most 10 MB; multipart field "file")', {
      consumes: ['multipart/form-data'],
      params: idParams(),
      answers: userResponse,
    }),
    async (request) => users.setAvatar(request.auth, request.params.id, () => readUpload(request, 'avatar')),
  );
});
