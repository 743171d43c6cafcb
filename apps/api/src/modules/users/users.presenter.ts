import type { SessionDetail, User } from '@kindred/shared';
import type { Executor } from '../../db/client.js';
import { charitiesQueries } from '../charities/index.js';
import { groupsQueries } from '../groups/index.js';
import { ledgerQueries } from '../ledger/index.js';
import { messagesQueries } from '../messages/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import type { UserRow } from './users.repository.js';

/**
 * A person as a list of members, admins or requests names them (the shared `personFields`): their
 * id and names; the list adds what else it shows of them.
 */
export function personNames(person: Pick<UserRow, 'id' | 'firstName' | 'lastName'>) {
  return { user_id: person.id, first_name: person.firstName, last_name: person.lastName };
}

/** Money on the user, read from the ledger. */
export interface UserBalances {
  walletAmount: number;
  credits: number;
}

/**
 * The user object (docs/product/identity-and-sessions.md#the-session-in-the-browser) as its owner
 * sees it (the NINO is shown only to its owner).
 */
export function presentUser(
  row: UserRow,
  extra: {
    balances: UserBalances;
    unreadMessages: number;
    charityIds: number[];
    charityPermissions: string[];
  },
): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    address: row.address,
    national_insurance_number: row.nationalInsuranceNumber,
    gender: row.gender as User['gender'],
    birth_date: row.birthDate,
    phone: row.phone,
    state_id: row.stateId,
    city: row.city,
    post_code: row.postCode,
    credits: extra.balances.credits,
    is_iic_admin: row.isIicAdmin,
    admin_type: row.adminType,
    user_description: row.userDescription,
    charity_membership: extra.charityIds,
    charity_permissions: extra.charityPermissions,
    tax_refund: row.taxRefund,
    is_public: row.isPublic,
    wallet_amount: extra.balances.walletAmount,
    avatar: row.avatar,
    unread_messages: extra.unreadMessages,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The session detail of `GET /user/get` and of the login answer: each module tells its memberships
 * (docs/product/wire-contract.md#answers-the-web-relies-on).
 */
export async function loadSessionDetail(
  db: Executor,
  row: UserRow,
  currency: string,
): Promise<SessionDetail> {
  const [business, charity, project, group, ledger] = await Promise.all([
    organisationsQueries.membershipsOfUser(db, row.id),
    charitiesQueries.membershipsOfUser(db, row.id),
    projectsQueries.membershipsOfUser(db, row.id),
    groupsQueries.membershipsOfUser(db, row.id),
    ledgerQueries.balances(db, { ownerType: 'user', ownerId: row.id }, currency),
  ]);
  // Unread messages of each mailbox the person reads (docs/product/organisations.md#messages):
  // theirs and each account's.
  const unread = await messagesQueries.unreadCounts(db, [
    { type: 1, id: row.id },
    ...business.map((m) => ({ type: 2, id: m.business_id })),
    ...charity.map((m) => ({ type: 3, id: m.charity_id })),
    ...project.map((m) => ({ type: 4, id: m.project_id })),
  ]);
  const memberships = {
    business: business.map((m) => ({ ...m, unread_messages: unread.get(`2:${m.business_id}`) ?? 0 })),
    charity: charity.map((m) => ({ ...m, unread_messages: unread.get(`3:${m.charity_id}`) ?? 0 })),
    project: project.map((m) => ({ ...m, unread_messages: unread.get(`4:${m.project_id}`) ?? 0 })),
    group,
  };
  const balances = { walletAmount: ledger.wallet, credits: ledger.credits };
  const unreadMessages = [...unread.values()].reduce((sum, n) => sum + n, 0);
  const charityPermissions = [...new Set(memberships.charity.flatMap((m) => m.permissions))].sort();
  return {
    user: presentUser(row, {
      balances,
      unreadMessages,
      charityIds: memberships.charity.map((m) => m.charity_id),
      charityPermissions,
    }),
    charity_membership: memberships.charity,
    business_membership: memberships.business,
    project_membership: memberships.project,
    group_membership: memberships.group,
    unread_messages: unreadMessages,
  };
}
