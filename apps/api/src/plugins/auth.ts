import { TOKEN_EXPIRED_MESSAGE } from '@kindred/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { groupMemberships, projectMemberships } from '../db/schema.js';
import { AppError, forbidden, notFound, unauthorized } from '../lib/errors.js';
import { verifyToken } from '../lib/tokens.js';
import { organisationsQueries } from '../modules/organisations/organisations.repository.js';
import { projectsRepository } from '../modules/projects/projects.repository.js';
import { projectsService } from '../modules/projects/projects.service.js';
import { users } from '../modules/users/users.table.js';

/** Platform admin types (spec §3): 1 Super Admin, 2 Admin, 99 Employee (read-only). */
export const PLATFORM_ADMIN = { SUPER_ADMIN: 1, ADMIN: 2, EMPLOYEE: 99 } as const;

export type MembershipEntity = 'business' | 'charity' | 'project' | 'group';

/**
 * Who may make a call. Every route under /api declares one; the app refuses to start otherwise,
 * and the authorization matrix (src/authz/matrix.ts) is tested against these declarations.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  /** The signed-in user is the one named by the path parameter. */
  | { kind: 'self'; param: string }
  | { kind: 'platform-admin'; types: readonly number[] }
  /** A member of the business, charity, project or group named by the path parameter. */
  | {
      kind: 'member';
      entity: MembershipEntity;
      param: string;
      adminTypes?: readonly number[];
      permission?: string;
    }
  /** Someone who may manage the project named by the path parameter (its admins, its charity's project managers, its owner). */
  | { kind: 'project-manager'; param: string };

export interface AuthUser {
  id: number;
  isIicAdmin: boolean;
  adminType: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** The signed-in user of a request whose route requires one. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized('The Authorization header must be "Bearer <token>".', 'INVALID_TOKEN');
  const check = await verifyToken(ctx.config.jwtSecret, match[1], ctx.now());
  if (!check.ok) {
    if (check.reason === 'expired') throw new AppError(401, 'TOKEN_EXPIRED', TOKEN_EXPIRED_MESSAGE);
    throw unauthorized('Your sign-in is not valid. Please sign in again.', 'INVALID_TOKEN');
  }
  const [row] = await ctx.database.db
    .select({
      id: users.id,
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      isIicAdmin: users.isIicAdmin,
      adminType: users.adminType,
    })
    .from(users)
    .where(eq(users.id, check.claims.userId));
  if (!row || row.deletedAt || !row.isActive || row.tokenVersion !== check.claims.version) {
    throw unauthorized('Your session has ended. Please sign in again.', 'SESSION_REVOKED');
  }
  return { id: row.id, isIicAdmin: row.isIicAdmin, adminType: row.adminType };
}

function numericParam(request: FastifyRequest, name: string): number | undefined {
  const raw = (request.params as Record<string, string | undefined>)[name];
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

async function membership(ctx: AppContext, entity: MembershipEntity, entityId: number, userId: number) {
  const db = ctx.database.db;
  switch (entity) {
    case 'business':
      return organisationsQueries.businessMembership(db, entityId, userId);
    case 'charity':
      return organisationsQueries.charityMembership(db, entityId, userId);
    case 'project': {
      const [row] = await db
        .select({ adminType: projectMemberships.adminType })
        .from(projectMemberships)
        .where(and(eq(projectMemberships.projectId, entityId), eq(projectMemberships.userId, userId)));
      return row ? { ...row, permissions: [] as string[] } : undefined;
    }
    case 'group': {
      const [row] = await db
        .select({ isAdmin: groupMemberships.isAdmin })
        .from(groupMemberships)
        .where(and(eq(groupMemberships.groupId, entityId), eq(groupMemberships.userId, userId)));
      return row ? { adminType: row.isAdmin ? 1 : 99, permissions: [] as string[] } : undefined;
    }
  }
}

async function authorize(ctx: AppContext, request: FastifyRequest, access: Access): Promise<void> {
  if (access.kind === 'public') return;
  const user = request.auth;
  if (!user) throw unauthorized();
  switch (access.kind) {
    case 'user':
      return;
    case 'self':
      if (numericParam(request, access.param) !== user.id)
        throw forbidden('You can only do this for your own account.');
      return;
    case 'platform-admin':
      if (!user.isIicAdmin || user.adminType === null || !access.types.includes(user.adminType)) {
        throw forbidden('Only platform admins can do this.');
      }
      return;
    case 'project-manager': {
      const id = numericParam(request, access.param);
      const row = id === undefined ? undefined : await projectsRepository.find(ctx.database.db, id);
      if (!row) throw notFound('The project');
      if (!(await projectsService(ctx).canManage(row, user)))
        throw forbidden('You cannot manage this project.');
      return;
    }
    case 'member': {
      const id = numericParam(request, access.param);
      const row = id === undefined ? undefined : await membership(ctx, access.entity, id, user.id);
      const allowed =
        row !== undefined &&
        (!access.adminTypes || access.adminTypes.includes(row.adminType)) &&
        (!access.permission || row.adminType === 1 || row.permissions.includes(access.permission));
      if (!allowed) throw forbidden(`You do not have access to this ${access.entity}.`);
      return;
    }
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

/** Every API route with its access rule, as registered (the authorization matrix is checked against it). */
export function registerAuth(app: FastifyInstance, ctx: AppContext): RouteAccess[] {
  const routes: RouteAccess[] = [];
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access rule.`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return;
    if (access.kind === 'public') {
      // A public call works for everyone; a stale token must not stand in its way.
      request.auth = await authenticate(ctx, request).catch(() => null);
      return;
    }
    request.auth = await authenticate(ctx, request);
    await authorize(ctx, request, access);
  });
  return routes;
}
