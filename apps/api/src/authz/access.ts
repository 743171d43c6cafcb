import type { Executor } from '../db/client.js';
import { forbidden, notFound, unauthorized } from '../lib/errors.js';
import { accessRepository } from './access.repository.js';
import { PERMISSIONS, Permission } from './permissions.js';

/** The signed-in person a request acts for (null for a visitor). */
export interface AuthUser {
  id: number;
  isIicAdmin: boolean;
  adminType: number | null;
  /** The display name ("First Last") and email the sign-in check read with the row, when it did. */
  name?: string;
  email?: string;
  /**
   * Set when the request came with an API token: it acts for its maker only on this account and
   * within these scopes (docs/product/webhooks-and-api-tokens.md#api-tokens).
   */
  token?: { account: { type: 'charity' | 'business'; id: number }; scopes: readonly string[] };
}

/** The permissions each API token scope lends; a token holds no other. */
const SCOPE_PERMISSIONS: Record<string, readonly Permission[]> = {
  'donations:read': [Permission.CharityDonationsRead, Permission.BusinessDonationsRead],
  'reports:read': [
    Permission.CharityFinanceRead,
    Permission.CharityDonationsRead,
    Permission.BusinessReportsRead,
  ],
  'payouts:read': [Permission.CharityFinanceRead],
  'projects:write': [Permission.CharityProjectsManage, Permission.ProjectManage],
};

/** The ids of those given that an API token may act on with the permission: its own account's only. */
async function tokenLimit(
  executor: Executor,
  token: NonNullable<AuthUser['token']>,
  permission: Permission,
  ids: number[],
): Promise<number[]> {
  if (!token.scopes.some((scope) => SCOPE_PERMISSIONS[scope]?.includes(permission))) return [];
  const rule = PERMISSIONS[permission].rule;
  if (rule.on === 'charity' || rule.on === 'business')
    return rule.on === token.account.type ? ids.filter((id) => id === token.account.id) : [];
  if (rule.on === 'project' && token.account.type === 'charity')
    return [...(await accessRepository.projectsOfCharity(executor, ids, token.account.id))];
  return [];
}

/**
 * The access layer (after immich's `requireAccess`): the one place that decides who may do what.
 * Services call `require` first, with the ids they act on, whether those came from the path or the
 * body; routes only say whether a call needs a signed-in person.
 */
export function accessService(db: () => Executor) {
  /** The ids, of those given, the person may act on with the permission. */
  async function allowed(
    auth: AuthUser | null,
    permission: Permission,
    ids: number[],
    executor: Executor = db(),
  ): Promise<Set<number>> {
    if (!auth) return new Set();
    let unique = [...new Set(ids)];
    if (auth.token) {
      unique = await tokenLimit(executor, auth.token, permission, unique);
      if (unique.length === 0) return new Set();
    }
    const rule = PERMISSIONS[permission].rule;
    switch (rule.on) {
      case 'self':
        return new Set(unique.filter((id) => id === auth.id));
      case 'platform': {
        const admin = auth.isIicAdmin && auth.adminType !== null && rule.adminTypes.includes(auth.adminType);
        return new Set(admin ? unique : []);
      }
      case 'business':
        return unique.length === 0
          ? new Set()
          : accessRepository.businesses(executor, auth.id, unique, rule.adminTypes, rule.signoff);
      case 'charity':
        return unique.length === 0
          ? new Set()
          : accessRepository.charities(executor, auth.id, unique, rule.adminTypes, rule.grant);
      case 'project':
        return unique.length === 0 ? new Set() : accessRepository.managedProjects(executor, auth.id, unique);
      case 'group':
        return unique.length === 0
          ? new Set()
          : accessRepository.groups(executor, auth.id, unique, rule.admin);
    }
  }

  return {
    allowed,

    /** True when the person may act on the one id (or, for platform permissions, at all). */
    async can(auth: AuthUser | null, permission: Permission, id?: number): Promise<boolean> {
      if (PERMISSIONS[permission].rule.on === 'platform')
        return (await allowed(auth, permission, [0])).size === 1;
      return id !== undefined && (await allowed(auth, permission, [id])).has(id);
    },

    /**
     * Refuses unless the person may act on every id: 401 for a visitor, 404 for a project or group that
     * does not exist, 403 otherwise. Answers the signed-in person. Platform permissions take no ids.
     * Inside a database transaction, pass it: the check then reads what the transaction sees and
     * holds no second connection from the pool.
     */
    async require(
      auth: AuthUser | null,
      permission: Permission,
      ids: number[] = [],
      executor: Executor = db(),
    ): Promise<AuthUser> {
      if (!auth) throw unauthorized();
      const rule = PERMISSIONS[permission].rule;
      const wanted = rule.on === 'platform' ? [0] : [...new Set(ids)];
      const granted = await allowed(auth, permission, wanted, executor);
      const refused = wanted.filter((id) => !granted.has(id));
      if (wanted.length === 0 || refused.length > 0) {
        if (rule.on === 'project' && refused.length > 0) {
          const existing = await accessRepository.existingProjects(executor, refused);
          if (existing.size < refused.length) throw notFound('The project');
        }
        if (rule.on === 'group' && refused.length > 0) {
          const existing = await accessRepository.existingGroups(executor, refused);
          if (existing.size < refused.length) throw notFound('The group');
        }
        throw forbidden(PERMISSIONS[permission].denied);
      }
      return auth;
    },
  };
}
export type AccessService = ReturnType<typeof accessService>;
