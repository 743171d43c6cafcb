import {
  emailSchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordResetConfirmBodySchema,
  registerBodySchema,
  registerWithOrganisationBodySchema,
} from '@kindred/shared';
import { z } from 'zod';
import { created, moduleRoutes, routeOptions } from '../../platform/route-helpers.js';
import { STRICT_LIMITS } from '../../plugins/security.js';

const route = routeOptions(['auth']);

export const authRoutes = moduleRoutes(async (app, { auth }, ctx) => {
  const limits = ctx.config.rateLimits;
  const rateLimit = (limit: { max: number; timeWindow: string }) => (limits ? limit : false);

  app.post(
    '/auth/login',
    route.public(
      'Sign in',
      { body: loginBodySchema, answers: loginResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.login) },
    ),
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/register',
    route.public(
      'Register an individual; sends an activation email',
      { body: registerBodySchema, makes: messageResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.registration) },
    ),
    async (request, reply) => created(reply, auth.register(request.body)),
  );

  app.post(
    '/user/register',
    route.public(
      'Register and apply to add a charity or organisation (reviewed by platform admins)',
      { body: registerWithOrganisationBodySchema, makes: messageResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.registration) },
    ),
    async (request, reply) => created(reply, auth.registerWithOrganisation(request.body)),
  );

  app.get(
    '/auth/activate/:code',
    route.public(
      'Activate an account with the code from the activation email',
      {
        params: z.object({ code: z.string().trim().min(10).max(200) }),
        answers: messageResponseSchema,
      },
      { rateLimit: rateLimit(STRICT_LIMITS.activation) },
    ),
    async (request) => auth.activate(request.params.code),
  );

  app.post(
    '/auth/send_activation_email/:email',
    route.public(
      'Send a new activation email (answers the same whether or not the account exists)',
      { params: z.object({ email: emailSchema }), answers: messageResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.activation) },
    ),
    async (request) => auth.resendActivation(request.params.email),
  );

  app.post(
    '/user/passwordreset/:email',
    route.public(
      'Email a single-use password reset link (answers the same whether or not the account exists)',
      { params: z.object({ email: emailSchema }), answers: messageResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.passwordReset) },
    ),
    async (request) => auth.requestPasswordReset(request.params.email),
  );

  app.post(
    '/auth/password_reset/confirm',
    route.public(
      'Set a new password with the token from the reset link',
      { body: passwordResetConfirmBodySchema, answers: messageResponseSchema },
      { rateLimit: rateLimit(STRICT_LIMITS.passwordReset) },
    ),
    async (request) => auth.confirmPasswordReset(request.body),
  );
});
