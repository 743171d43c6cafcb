import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_MAX_DAYS,
  type ApiToken,
  type ApiTokenBody,
  type ApiTokenScope,
  apiTokenScopesFor,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { notForAccount, requireIntegrations } from './account-access.js';
import {
  type ApiTokenRow,
  type IntegrationAccountRef,
  integrationsRepository as repo,
} from './integrations.repository.js';

/** Every API token starts so: the sign-in check tells it from a session token by it. */
export const API_TOKEN_PREFIX = 'kt_';
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function present(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** What a valid API token lets a request do: act for its maker, on its account only, within its scopes. */
export interface TokenGrant {
  userId: number;
  account: IntegrationAccountRef;
  scopes: ApiTokenScope[];
}

/**
 * API tokens of charities and organisations (docs/product/webhooks-and-api-tokens.md#api-tokens):
 * shown once, kept as a SHA-256, used as a bearer token on the calls that name a scope.
 */
export function apiTokensService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const require = (auth: AuthUser | null, account: IntegrationAccountRef) =>
    requireIntegrations(ctx, auth, account);

  return {
    async list(auth: AuthUser | null, account: IntegrationAccountRef) {
      await require(auth, account);
      return { items: (await repo.tokensOf(db(), account)).map(present) };
    },

    async create(auth: AuthUser | null, account: IntegrationAccountRef, body: ApiTokenBody) {
      const user = await require(auth, account);
      const wrong = notForAccount(body.scopes, apiTokenScopesFor(account.type), 'for', account);
      if (wrong) throw badRequest('Some scopes are not for this account.', { scopes: wrong });
      // The token works to the end of the day it names (UTC).
      const expiresAt = new Date(`${body.expires_at}T23:59:59.999Z`);
      const now = ctx.now();
      if (Number.isNaN(expiresAt.getTime()) || expiresAt <= now)
        throw badRequest('Choose a day that has not passed.', {
          expires_at: 'Choose a day that has not passed.',
        });
      if (expiresAt.getTime() - now.getTime() > API_TOKEN_MAX_DAYS * DAY_MS)
        throw badRequest('A token lives a year at most.', {
          expires_at: 'Choose a day within a year from today.',
        });
      const token = `${API_TOKEN_PREFIX}${randomBytes(30).toString('base64url')}`;
      const row = await repo.insertToken(db(), {
        accountType: account.type,
        accountId: account.id,
        name: body.name,
        prefix: token.slice(0, 10),
        hash: hashOf(token),
        scopes: body.scopes,
        expiresAt,
        createdBy: user.id,
        createdAt: now,
      });
      return { ...present(row), token };
    },

    async revoke(auth: AuthUser | null, account: IntegrationAccountRef, id: number) {
      await require(auth, account);
      if (!(await repo.revokeToken(db(), account, id, ctx.now()))) throw notFound('The token');
      return { items: (await repo.tokensOf(db(), account)).map(present) };
    },

    /** The grant of a bearer token that is ours, unrevoked and unexpired; records its use. */
    async grantOf(token: string): Promise<TokenGrant | undefined> {
      if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return undefined;
      const row = await repo.tokenByHash(db(), hashOf(token));
      const now = ctx.now();
      if (!row || row.revokedAt || row.expiresAt <= now || row.createdBy === null) return undefined;
      await repo.touchToken(db(), row.id, now);
      return {
        userId: row.createdBy,
        account: { type: row.accountType, id: row.accountId },
        scopes: row.scopes as ApiTokenScope[],
      };
    },
  };
}
export type ApiTokensService = ReturnType<typeof apiTokensService>;
