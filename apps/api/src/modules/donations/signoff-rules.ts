import {
  approvalsNeeded,
  type DonateBody,
  formatMoney,
  GIVING_TYPE,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { charitiesQueries, isPublicCharity } from '../charities/index.js';
import { organisationsQueries, signoffPolicyOf } from '../organisations/index.js';
import type { Actor, DonationFlow } from './donation-flow.js';
import type { DonationRow, SignoffRow } from './donations.repository.js';

/**
 * An organisation's sign-off of its donations (decision 033), shared by the organisation's gifts,
 * its sign-off admins' calls and the matching of employees' gifts.
 */

const { awaitingCharityApproval, awaitingPlatformAdminApproval, approved } = TRANSACTION_STATUS;
const { funds } = GIVING_TYPE;

/**
 * What a sign-off approval is bound to: the donation's amount and recipient
 * (docs/product/organisations.md#sign-off).
 */
export interface Binding {
  amount: number | null;
  charity: { id: number };
  project: { id: number } | null;
}
export const rowBinding = (row: DonationRow): Binding => ({
  amount: row.amount,
  charity: { id: row.charityId },
  project: row.projectId === null ? null : { id: row.projectId },
});
/** An approval counts only for the amount and recipient it was given for. */
export const boundTo = (s: SignoffRow, d: Binding) =>
  s.amount === d.amount && s.charityId === d.charity.id && s.projectId === (d.project?.id ?? null);

/**
 * Whether a donation waiting for sign-off can still collect the approvals it needs (decision 033):
 * the valid approvals it has, and one from each sign-off admin who is not its requester and has not
 * approved it yet.
 */
export function canStillCollect(
  needed: number,
  valid: Pick<SignoffRow, 'userId'>[],
  signoffAdminIds: number[],
  requesterId: number | null,
) {
  const more = signoffAdminIds.filter(
    (id) => id !== requesterId && !valid.some((s) => s.userId === id),
  ).length;
  return valid.length + more >= needed;
}

type Business = NonNullable<Awaited<ReturnType<typeof organisationsQueries.business>>>;

/**
 * A pending, locked or rejected organisation moves no money
 * (docs/product/organisations.md#organisations-and-their-members).
 */
export function assertBusinessMovesMoney(business: { approvalStatus: string; lockStatus: boolean }) {
  if (business.lockStatus)
    throw new AppError(409, 'BUSINESS_LOCKED', 'This organisation is locked: it cannot move money now.');
  if (business.approvalStatus !== 'approved')
    throw new AppError(
      409,
      'BUSINESS_NOT_APPROVED',
      'This organisation is waiting for approval by Kindred: it cannot move money yet.',
    );
}

/** Whether a new donation of this amount asked by this person could collect its approvals (decision 033). */
export async function canBeSignedOff(
  executor: Executor,
  business: Business,
  amount: number,
  requesterId: number | null,
) {
  const needed = approvalsNeeded(signoffPolicyOf(business), amount);
  const admins = await organisationsQueries.signoffAdminIds(executor, business.id);
  return canStillCollect(needed, [], admins, requesterId);
}

/**
 * A donation on behalf of an organisation that could never collect its approvals is refused when
 * asked, before anything is held (decision 033): the requester never counts.
 */
export async function assertApprovable(
  tx: Tx,
  business: Business,
  body: DonateBody,
  requesterId: number,
  currency: string,
) {
  const policy = signoffPolicyOf(business);
  const amount = body.type === funds ? (body.amount ?? 0) : 0;
  const needed = approvalsNeeded(policy, amount);
  if (await canBeSignedOff(tx, business, amount, requesterId)) return;
  const admins = await organisationsQueries.signoffAdminIds(tx, business.id);
  const others = admins.filter((id) => id !== requesterId).length;
  const large = policy.threshold_amount !== null && needed > policy.approvals_required;
  const fix = 'Ask a Super Admin to make more members sign-off admins or to change the sign-off policy.';
  throw new AppError(
    409,
    'SIGNOFF_IMPOSSIBLE',
    `This donation would need ${needed} approval${needed === 1 ? '' : 's'} from sign-off admins other than you, and ${business.name} has ${others}: it could never be approved, so it was not made and nothing is held. ${fix}`,
    {
      needed,
      available: others,
      // Below the threshold fewer approvals are asked: the amount is what to change.
      ...(large && policy.approvals_required <= others && policy.threshold_amount !== null
        ? {
            fields: {
              amount: `From ${formatMoney(policy.threshold_amount, currency)}, ${needed} sign-off admins other than you must approve; ${business.name} has ${others}. Give less, or ${fix.charAt(0).toLowerCase()}${fix.slice(1)}`,
            },
          }
        : {}),
    },
  );
}

/**
 * A donation on behalf of an organisation that has its sign-off moves on: funds to the project or
 * charity (80, or 40 when the platform must look first), offers of time or goods to the charity (30).
 */
export async function signedOff(
  ctx: AppContext,
  flow: DonationFlow,
  tx: Tx,
  row: DonationRow,
  actor: Actor,
): Promise<DonationRow> {
  if (row.type !== funds) return flow.move(tx, row, awaitingCharityApproval, actor);
  const charity = await charitiesQueries.find(tx, row.charityId);
  const review =
    (row.amount ?? 0) > ctx.config.donationReviewThreshold || !charity || !isPublicCharity(charity);
  return flow.move(tx, row, review ? awaitingPlatformAdminApproval : approved, actor);
}
