import { type ApiTokenScope, TOKEN_EXPIRED_MESSAGE } from '@kindred/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../authz/access.js';
import type { AppContext } from '../context.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { verifyToken } from '../lib/tokens.js';
import { API_TOKEN_PREFIX, apiTokenGrant } from '../modules/integrations/index.js';
import { usersQueries } from '../modules/users/index.js';

export type { AuthUser } from '../authz/access.js';

/**
 * How much a call needs to know who is calling: `public` calls work for everyone (a signed-in
 * person is still recognised), `user` calls need a valid sign-in. What the person may do is
 * decided by the access layer (src/authz) in the service, never here.
 */
export type Authentication = 'public' | 'user';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Authentication;
    /** The scope an API token needs to make this call; a call without one takes no API token. */
    scope?: ApiTokenScope;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** The signed-in person of a request whose route requires one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".', 'INVALID_TOKEN');
  if (match[1].startsWith(API_TOKEN_PREFIX)) return tokenUser(ctx, request, match[1]);
  const check = await verifyToken(ctx.config.jwtSecret, match[1], ctx.now());
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError(401, 'TOKEN_EXPIRED', TOKEN_EXPIRED_MESSAGE);
    throw unauthorized('Your sign-in is not valid. Please sign in again.', 'INVALID_TOKEN');
  }
  const user = await sessionUser(ctx, check.claims.userId, check.claims.version);
  if (!user) throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
  return user;
}

/**
 * The person an API token acts for, limited to its account and scopes (the access layer keeps it
 * to them): only on a call that names a scope the token holds.
 */
async function tokenUser(ctx: AppContext, request: FastifyRequest, token: string): Promise<AuthUser> {
  const scope = request.routeOptions.config?.scope;
  const grant = await apiTokenGrant(ctx, token);
  if (!grant)
    throw unauthorized(
      'This API token is not valid: it was revoked, has expired or never existed.',
      'INVALID_TOKEN',
    );
  if (!scope) throw new AppError(403, 'TOKEN_NOT_ALLOWED', 'API tokens cannot make this call.');
  if (!grant.scopes.includes(scope))
    throw new AppError(403, 'TOKEN_SCOPE', `This API token does not have the scope ${scope}.`);
  const user = await sessionUser(ctx, grant.userId);
  if (!user) throw unauthorized('The person who made this API token can no longer act.', 'INVALID_TOKEN');
  return { ...user, token: { account: grant.account, scopes: grant.scopes } };
}

/**
 * The person a sign-in (or a signed file link, modules/files) names, when they may still act:
 * active, neither deactivated nor deleted, and (for a token) its version still current.
 */
export async function sessionUser(
  ctx: AppContext,
  userId: number,
  version?: number,
): Promise<AuthUser | undefined> {
  const row = await usersQueries.findSession(ctx.database.db, userId);
  if (!row || row.deletedAt || row.deactivatedAt || !row.isActive) return undefined;
  if (version !== undefined && row.tokenVersion !== version) return undefined;
  return {
    id: row.id,
    isIicAdmin: row.isIicAdmin,
    adminType: row.adminType,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
  };
}

export interface DeclaredRoute {
  method: string;
  url: string;
  auth: Authentication;
}

/** Recognises the caller of every API request; answers the API's routes with what each declares. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`Route ${route.method} ${route.url} declares no authentication.`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, auth });
    }
  });
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config?.auth;
    if (!auth) return;
    if (auth === 'public') {
      // A public call works for everyone; a stale token must not stand in its way.
      request.auth = await authenticate(ctx, request).catch(() => null);
      return;
    }
    request.auth = await authenticate(ctx, request);
    if (!request.auth) throw unauthorized();
  });
  return routes;
}
