import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { IntegrationAccountRef } from './integrations.repository.js';

/**
 * Who may keep an account's webhooks and API tokens: its Super Admins and Admins
 * (docs/product/webhooks-and-api-tokens.md). Answers the person.
 */
export function requireIntegrations(ctx: AppContext, auth: AuthUser | null, account: IntegrationAccountRef) {
  const permission =
    account.type === 'charity' ? Permission.CharityIntegrationsManage : Permission.BusinessIntegrationsManage;
  return ctx.access.require(auth, permission, [account.id]);
}

/** Whose integrations they are, in words: "charities" or "organisations". */
export const accountsWord = (account: IntegrationAccountRef) =>
  account.type === 'charity' ? 'charities' : 'organisations';

/** What of `chosen` an account of this kind may not choose, said beside the field; undefined when all may. */
export function notForAccount(
  chosen: readonly string[],
  allowed: readonly string[],
  verb: string,
  account: IntegrationAccountRef,
) {
  const wrong = chosen.filter((item) => !allowed.includes(item));
  if (wrong.length === 0) return undefined;
  return `${wrong.join(', ')} ${wrong.length === 1 ? 'is' : 'are'} not ${verb} ${accountsWord(account)}.`;
}
