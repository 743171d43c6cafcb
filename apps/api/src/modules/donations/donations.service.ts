import {
  ADMIN_TYPE,
  type ApproveDonationsBody,
  approvalsNeeded,
  type BusinessApproveDonationsBody,
  DONATION_METHOD,
  type DonateBody,
  type DonateResponse,
  type Donation,
  type DonationFilters,
  dateRangeMessage,
  formatMoney,
  GIVING_TYPE,
  GIVING_TYPES,
  giftAidOf,
  labelOf,
  type PageQuery,
  PROJECT_STATUS,
  type ResolveStuckDonationBody,
  type Supporter,
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import type { IdempotencyRequest } from '../../lib/idempotency.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { isoDay } from '../../lib/periods.js';
import { auditLog } from '../audit/audit.repository.js';
import { charitiesQueries } from '../charities/charities.repository.js';
import { isPublicCharity } from '../charities/charities.service.js';
import { runIdempotent } from '../ledger/idempotency.js';
import { organisationsQueries, signoffPolicyOf } from '../organisations/organisations.repository.js';
import type { MoneyOwner } from '../payments/money-owner.js';
import { type ProjectRow, projectsQueries } from '../projects/projects.repository.js';
import { usersQueries } from '../users/users.repository.js';
import { type Actor, donationFlow, donorOwner, type GiftTarget, invalidMove } from './donation-flow.js';
import {
  type DonationRow,
  type DonationWhere,
  donationsRepository,
  type HistoryRow,
  type Keyset,
  type SignoffRow,
} from './donations.repository.js';
import { receiptMail, receiptPdf, statementCsv, statementPdf } from './receipts.js';
import type { SubscriptionsService } from './subscriptions.service.js';

const {
  awaitingOrganisationApproval,
  awaitingCharityApproval,
  awaitingPlatformAdminApproval,
  approved,
  completed,
  canceled,
} = TRANSACTION_STATUS;

/**
 * What a sign-off approval is bound to: the donation's amount and recipient
 * (docs/product/organisations.md#sign-off).
 */
interface Binding {
  amount: number | null;
  charity: { id: number };
  project: { id: number } | null;
}
const rowBinding = (row: DonationRow): Binding => ({
  amount: row.amount,
  charity: { id: row.charityId },
  project: row.projectId === null ? null : { id: row.projectId },
});
/** An approval counts only for the amount and recipient it was given for. */
const boundTo = (s: SignoffRow, d: Binding) =>
  s.amount === d.amount && s.charityId === d.charity.id && s.projectId === (d.project?.id ?? null);
const { funds, volunteering, skilledVolunteering, gifts } = GIVING_TYPE;

/**
 * Whether a donation waiting for sign-off can still collect the approvals it needs (decision 033):
 * the valid approvals it has, and one from each sign-off admin who is not its requester and has not
 * approved it yet.
 */
function canStillCollect(
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

/** Donations waiting this long for an organisation's sign-off remind its sign-off admins. */
const SIGNOFF_REMINDER_DAYS = 7;

/** The longest range, and the most donations, one statement covers. */
const STATEMENT_MAX_DAYS = 366 * 5;
const STATEMENT_MAX_ROWS = 10_000;

const statusLabel = (status: number) => labelOf(TRANSACTION_STATUSES, status) ?? String(status);
const keyset = (query: PageQuery): Keyset => ({
  limit: query.limit,
  cursor: decodeCursor(query.cursor, ['time', 'id']),
  before: query.direction === 'before',
});

/** Names for a list of donations: one query per owner module, never a join across them. */
async function namesFor(db: Executor, rows: DonationRow[], history: HistoryRow[] = []) {
  const userIds = [
    ...rows.filter((row) => row.donorType === 'user').map((row) => row.donorId),
    ...history.map((h) => h.by).filter((id): id is number => id !== null),
  ];
  const businessIds = rows.filter((row) => row.donorType === 'business').map((row) => row.donorId);
  const [projects, charities, people, organisations] = await Promise.all([
    projectsQueries.titles(
      db,
      rows.map((row) => row.projectId).filter((id): id is number => id !== null),
    ),
    charitiesQueries.names(
      db,
      rows.map((row) => row.charityId),
    ),
    usersQueries.names(db, userIds),
    organisationsQueries.names(db, businessIds),
  ]);
  return { projects, charities, people, organisations };
}

/** What a donation made by the scheduler or a subscription carries beyond the donor's body. */
export interface CreateExtra {
  /** On behalf of an organisation: waits at 20 for its sign-off admins. */
  signoff?: boolean;
  subscriptionId?: number;
  period?: string;
  declarationId?: number | null;
  createdBy?: number | null;
  /** An organisation's match of this employee's gift (decision 024). */
  matchOf?: number;
}

/**
 * Called inside the transaction of a person's one-off gift, after it is recorded (the matching module
 * makes the organisations' matches there, decision 024).
 */
export type OwnGiftHook = (tx: Tx, row: DonationRow) => Promise<void>;

/** The wire fields a donation takes from its own row (the names of others and the history aside). */
function ownFields(row: DonationRow) {
  return {
    id: row.id,
    method: row.method,
    type: row.type,
    status: row.status,
    status_label: statusLabel(row.status),
    amount: row.amount,
    source: row.source,
    hours: row.hours,
    confirmed_hours: row.confirmedHours,
    date: row.date,
    skill_type: row.skillType,
    gift_type: row.giftType,
    description: row.description,
    quantity: row.quantity,
    estimated_value: row.estimatedValue,
    gift_aid: row.giftAid,
    gift_aid_amount: row.giftAidAmount,
    anonymous: row.anonymous,
    message: row.message,
    subscription_id: row.subscriptionId,
    receipt_number: row.receiptNumber,
    created_at: row.createdAt.toISOString(),
  };
}

export function donationsService(
  ctx: AppContext,
  subscriptions: () => SubscriptionsService,
  ownGift: () => OwnGiftHook | undefined = () => undefined,
) {
  const db = () => ctx.database.db;
  const flow = donationFlow(ctx.ledger, () => ctx.now());

  /** The wire shape of donations (docs/product/donations.md#the-donation-object), with their histories. */
  async function present(rows: DonationRow[], executor: Executor = db()): Promise<Donation[]> {
    const histories = await donationsRepository.history(
      executor,
      rows.map((row) => row.id),
    );
    const names = await namesFor(executor, rows, [...histories.values()].flat());
    return rows.map((row) => ({
      ...ownFields(row),
      project: row.projectId ? { id: row.projectId, title: names.projects.get(row.projectId) ?? '' } : null,
      charity: { id: row.charityId, name: names.charities.get(row.charityId)?.name ?? '' },
      donor: {
        kind: row.donorType,
        id: row.donorId,
        name:
          (row.donorType === 'user' ? names.people.get(row.donorId) : names.organisations.get(row.donorId)) ??
          'An organisation',
      },
      history: (histories.get(row.id) ?? []).map((h) => ({
        status: h.status,
        status_label: statusLabel(h.status),
        at: h.at.toISOString(),
        by: h.by === null ? null : { id: h.by, name: names.people.get(h.by) ?? '' },
        reason: h.reason,
      })),
    }));
  }

  async function presentOne(row: DonationRow, executor: Executor = db()): Promise<Donation> {
    const [donation] = await present([row], executor);
    if (!donation) throw new Error('present returned nothing');
    return donation;
  }

  async function page(filter: DonationWhere, query: PageQuery) {
    const rows = await donationsRepository.list(db(), filter, keyset(query));
    const result = toPage(
      rows,
      query,
      (row) => [row.at, row.donation.id],
      (row) => row.donation,
    );
    return { ...result, items: await present(result.items) };
  }

  const filterOf = (filters: DonationFilters): DonationWhere => ({
    ...(filters.type !== undefined ? { types: [filters.type] } : {}),
    ...(filters.status !== undefined ? { statuses: [filters.status] } : {}),
    ...(filters.project_id !== undefined ? { projectId: filters.project_id } : {}),
    ...(filters.charity_id !== undefined ? { charityId: filters.charity_id } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  });

  /**
   * The project or charity a gift goes to, checked for giving. With `lock`, the project is read
   * with its row lock (inside the gift's transaction): one read gives both the lock and the row.
   */
  async function targetOf(target: GiftTarget, executor: Executor = db(), lock = false) {
    if (target.kind === 'project') {
      const project = lock
        ? await projectsQueries.lock(executor, target.id)
        : await projectsQueries.find(executor, target.id);
      if (!project || !project.charityId || project.status === PROJECT_STATUS.draft)
        throw notFound('The project');
      const charity = await charitiesQueries.find(executor, project.charityId);
      if (!charity) throw notFound('The project');
      return { project, charity };
    }
    const charity = await charitiesQueries.find(executor, target.id);
    if (!charity || charity.approvalStatus === 'rejected') throw notFound('The charity');
    return { project: undefined, charity };
  }

  type Target = Awaited<ReturnType<typeof targetOf>>;

  function assertOpen({ project, charity }: Target) {
    if (charity.lockStatus)
      throw new AppError(409, 'CHARITY_LOCKED', 'This charity is locked and cannot receive donations now.');
    if (project && project.status !== PROJECT_STATUS.live)
      throw new AppError(409, 'PROJECT_NOT_LIVE', 'This project is not taking donations: it is not live.');
  }

  /** The pledge's date: a blank date means the project's end date; it must fall within the project. */
  function pledgeDate(body: DonateBody, project: ProjectRow | undefined, today: string): string | null {
    const date = body.date ? body.date : (project?.volunteeringEnd ?? project?.endDate ?? null);
    if (date === null) return null;
    const earliest = [today, project?.volunteeringStart ?? project?.startDate ?? today]
      .sort()
      .at(-1) as string;
    const latest = project?.volunteeringEnd ?? project?.endDate ?? null;
    if (date < earliest || (latest !== null && date > latest)) {
      const message = dateRangeMessage(earliest, latest);
      throw badRequest(message, { date: message });
    }
    return date;
  }

  /** What the project asks for: a kind it does not need, or a skill it does not list, is refused. */
  function assertNeeded(body: DonateBody, project: ProjectRow | undefined) {
    if (!project) return;
    if (!project.givingKinds.includes(body.type)) {
      const kind = (labelOf(GIVING_TYPES, body.type) ?? 'this').toLowerCase();
      throw new AppError(409, 'NOT_NEEDED', `This project does not ask for ${kind}.`, {
        fields: { type: 'Not needed by this project.' },
      });
    }
    if (body.type === skilledVolunteering && project.skillNeeds.length > 0) {
      if (!project.skillNeeds.some((need) => need.type === body.skill_type))
        throw badRequest('This project does not ask for that skill.', {
          skill_type: 'Choose one of the skills the project needs.',
        });
    }
  }

  /** Two people cannot take the last hours: checked under the project's lock. */
  async function assertCapacity(tx: Tx, body: DonateBody, project: ProjectRow) {
    let wanted: number | null = null;
    let taken = 0;
    if (body.type === volunteering && project.volunteeringHours) {
      wanted = project.volunteeringHours;
      taken = await donationsRepository.pledgedHours(tx, project.id, volunteering);
    }
    if (body.type === skilledVolunteering) {
      const need = project.skillNeeds.find((n) => n.type === body.skill_type);
      if (need) {
        wanted = need.hours;
        taken = await donationsRepository.pledgedHours(tx, project.id, skilledVolunteering, need.type);
      }
    }
    if (wanted !== null && taken + (body.hours ?? 0) > wanted) {
      const left = Math.max(0, wanted - taken);
      throw new AppError(
        409,
        'HOURS_TAKEN',
        left === 0
          ? 'Every hour this project asked for is already taken.'
          : `Only ${left} hour${left === 1 ? '' : 's'} are still needed.`,
        { fields: { hours: `At most ${left}.` }, hours_left: left },
      );
    }
  }

  async function walletOf(executor: Executor, owner: MoneyOwner) {
    const b = await ctx.ledger.balances(executor, owner);
    return { wallet_amount: b.wallet, credits: b.credits, held: b.held, currency: ctx.config.currency };
  }

  /** The receipt mail; it names the charity with its registration number (read when not at hand). */
  async function receiptOf(
    executor: Executor,
    donation: Donation,
    email: string,
    charity?: { registrationNumber: string | null },
  ) {
    const registered = charity ?? (await charitiesQueries.byId(executor, donation.charity.id));
    return receiptMail(
      donation,
      email,
      ctx.config.currency,
      `${ctx.config.publicUrl}/donations`,
      registered?.registrationNumber ?? null,
    );
  }

  /**
   * Queues the receipt of each newly approved funds donation, in the transaction that approved it
   * (or just after it): mailed once that transaction has committed. Call `ctx.notices.wake()` after the commit.
   */
  async function queueReceipts(executor: Executor, rows: DonationRow[]) {
    for (const row of rows) {
      if (row.type !== funds || !row.receiptNumber || row.donorType !== 'user') continue;
      const donor = await usersQueries.find(executor, row.donorId);
      if (!donor || donor.deletedAt) continue;
      const [donation] = await present([row], executor);
      if (donation) await ctx.notices.queue(executor, await receiptOf(executor, donation, donor.email));
    }
  }

  /**
   * The wire shape of a donation just created in this request, from what the request already
   * holds: its row, the project and charity read under the lock, and the donor. A new donation's
   * history is its one first status, recorded by the donor.
   */
  function presentNew(
    row: DonationRow,
    target: { project: ProjectRow | undefined; charity: { id: number; name: string } },
    donor: { id: number; name: string },
    onBehalfOf?: { id: number; name: string },
  ): Donation {
    return {
      ...ownFields(row),
      project: target.project ? { id: target.project.id, title: target.project.title } : null,
      charity: { id: target.charity.id, name: target.charity.name },
      donor: onBehalfOf
        ? { kind: 'business', id: onBehalfOf.id, name: onBehalfOf.name }
        : { kind: 'user', id: donor.id, name: donor.name },
      history: [
        {
          status: row.status,
          status_label: statusLabel(row.status),
          at: row.updatedAt.toISOString(),
          by: { id: donor.id, name: donor.name },
          reason: null,
        },
      ],
    };
  }

  /**
   * Records and starts one donation inside the caller's transaction: the checks that need the
   * project's lock, the Gift Aid declaration, then the flow (money, progress, history).
   */
  async function create(
    tx: Tx,
    target: GiftTarget,
    body: DonateBody,
    donor: MoneyOwner,
    actor: Actor,
    extra: CreateExtra = {},
  ): Promise<DonationRow> {
    return (await createChecked(tx, target, body, donor, actor, extra)).row;
  }

  /** The checks of a gift that needs no money yet (a series starting later): open, and needed. */
  async function check(tx: Tx, target: GiftTarget, body: DonateBody): Promise<Target> {
    const checked = await targetOf(target, tx);
    assertOpen(checked);
    assertNeeded(body, checked.project);
    return checked;
  }

  /** `create`, answering also the project and charity it read under the project's lock. */
  async function createChecked(
    tx: Tx,
    target: GiftTarget,
    body: DonateBody,
    donor: MoneyOwner,
    actor: Actor,
    extra: CreateExtra = {},
  ): Promise<{ row: DonationRow } & Target> {
    // Giving to a project takes its lock first: capacity and status are read under it.
    const checked = await targetOf(target, tx, true);
    assertOpen(checked);
    const { project, charity } = checked;
    assertNeeded(body, project);
    if (project && (body.type === volunteering || body.type === skilledVolunteering))
      await assertCapacity(tx, body, project);
    const today = isoDay(ctx.now());
    const isFunds = body.type === funds;
    const isTime = body.type === volunteering || body.type === skilledVolunteering;
    // The declaration naming this gift's charity (decision 037), unless the caller already chose it
    // (a recurring period carries Gift Aid only while its donor's declaration stands).
    const declarationId =
      extra.declarationId !== undefined
        ? extra.declarationId
        : await declarationFor(body, donor, charity.id, tx);
    const giftAid = isFunds && body.gift_aid === true && declarationId != null;
    const amount = isFunds ? (body.amount ?? 0) : null;
    const row = await donationsRepository.insertGift(tx, {
      method: project ? DONATION_METHOD.project : DONATION_METHOD.direct,
      type: body.type,
      status: 0,
      donorType: donor.ownerType,
      donorId: donor.ownerId,
      createdBy: extra.createdBy !== undefined ? extra.createdBy : actor.userId,
      projectId: project?.id ?? null,
      charityId: charity.id,
      amount,
      source: isFunds ? (body.source ?? 'wallet') : null,
      hours: isTime ? (body.hours ?? null) : null,
      date: isTime ? pledgeDate(body, project, today) : null,
      skillType: body.type === skilledVolunteering ? (body.skill_type ?? null) : null,
      giftType: body.type === gifts ? (body.gift_type ?? null) : null,
      description: body.type === gifts ? (body.description ?? null) : null,
      quantity: body.type === gifts ? (body.quantity ?? null) : null,
      estimatedValue: body.type === gifts ? (body.estimated_value ?? 0) : null,
      giftAid,
      giftAidAmount: giftAid && amount ? giftAidOf(amount) : 0,
      giftAidDeclarationId: giftAid ? declarationId : null,
      anonymous: body.anonymous ?? false,
      message: body.message ? body.message : null,
      subscriptionId: extra.subscriptionId ?? null,
      period: extra.period ?? null,
      matchOf: extra.matchOf ?? null,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    });
    const review =
      isFunds && ((amount ?? 0) > ctx.config.donationReviewThreshold || !isPublicCharity(charity));
    return {
      row: await flow.start(tx, row, { review, signoff: extra.signoff === true }, actor),
      project,
      charity,
    };
  }

  /** Refuses Gift Aid on a gift that cannot carry it (an organisation's, credits), before anything is read. */
  function assertGiftAidAllowed(body: DonateBody, donor: MoneyOwner) {
    if (body.type !== funds || body.gift_aid !== true) return;
    if (donor.ownerType !== 'user')
      throw badRequest('Gift Aid is only for gifts by individuals.', {
        gift_aid: 'Only individuals can add Gift Aid.',
      });
    if ((body.source ?? 'wallet') === 'credits')
      throw badRequest('Gift Aid cannot be added to gifts of credits.', {
        gift_aid: 'Not for gifts of credits.',
      });
  }

  /**
   * The donor's current Gift Aid declaration naming the gift's charity, when the gift asks for Gift
   * Aid (HMRC: the declaration names the charity that claims; decision 037). A declaration for
   * another charity, or an earlier one naming none, does not count: 409 until they declare for it.
   */
  async function declarationFor(
    body: DonateBody,
    donor: MoneyOwner,
    charityId: number,
    executor: Executor = db(),
  ): Promise<number | null> {
    if (body.type !== funds || body.gift_aid !== true) return null;
    assertGiftAidAllowed(body, donor);
    const declaration = await donationsRepository.declarationFor(executor, donor.ownerId, charityId);
    if (!declaration)
      throw new AppError(
        409,
        'GIFT_AID_DECLARATION_MISSING',
        'Make a Gift Aid declaration for this charity first.',
        { fields: { gift_aid: 'Make a Gift Aid declaration for this charity first.' } },
      );
    return declaration.id;
  }

  /**
   * A pending, locked or rejected organisation moves no money
   * (docs/product/organisations.md#organisations-and-their-members).
   */
  function assertBusinessMovesMoney(business: { approvalStatus: string; lockStatus: boolean }) {
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
  async function canBeSignedOff(
    executor: Executor,
    business: NonNullable<Awaited<ReturnType<typeof organisationsQueries.business>>>,
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
  async function assertApprovable(
    tx: Tx,
    business: NonNullable<Awaited<ReturnType<typeof organisationsQueries.business>>>,
    body: DonateBody,
    requesterId: number,
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
                amount: `From ${formatMoney(policy.threshold_amount, ctx.config.currency)}, ${needed} sign-off admins other than you must approve; ${business.name} has ${others}. Give less, or ${fix.charAt(0).toLowerCase()}${fix.slice(1)}`,
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
  async function signedOff(tx: Tx, row: DonationRow, actor: Actor): Promise<DonationRow> {
    if (row.type !== funds) return flow.move(tx, row, awaitingCharityApproval, actor);
    const charity = await charitiesQueries.find(tx, row.charityId);
    const review =
      (row.amount ?? 0) > ctx.config.donationReviewThreshold || !charity || !isPublicCharity(charity);
    return flow.move(tx, row, review ? awaitingPlatformAdminApproval : approved, actor);
  }

  async function requireDonation(auth: AuthUser | null, id: number) {
    const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
    const row = await donationsRepository.find(db(), id);
    if (!row || row.donorType !== 'user' || row.donorId !== user.id) throw notFound('The donation');
    return row;
  }

  return {
    present,
    create,
    assertBusinessMovesMoney,
    canBeSignedOff,
    check,
    queueReceipts,
    declarationFor,
    flow,

    /** POST /user/donate/project/{id}, /user/donate/charity/{id}: one gift, or the first of a series. */
    async give(
      auth: AuthUser | null,
      target: GiftTarget,
      body: DonateBody,
      idempotency: IdempotencyRequest,
    ): Promise<{ statusCode: number; body: DonateResponse }> {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const donor: MoneyOwner = { ownerType: 'user', ownerId: user.id };
      // Every check runs inside the idempotent transaction (the target once, under its lock; the
      // Gift Aid declaration): a refusal is kept with the Idempotency-Key like any other answer.
      // The auth lookup already read the caller's name and email.
      const person =
        user.name !== undefined && user.email !== undefined
          ? { name: user.name, email: user.email }
          : await usersQueries.find(db(), user.id).then((row) => ({
              name: `${row?.firstName ?? ''} ${row?.lastName ?? ''}`.trim(),
              email: row?.email ?? '',
            }));
      let queued = false;
      const result = await runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        queued = false;
        assertGiftAidAllowed(body, donor);
        const actor = { userId: user.id };
        let donation: Donation | null = null;
        let subscription = null;
        let charity: { registrationNumber: string | null } | undefined;
        if (body.frequency !== undefined) {
          const started = await subscriptions().start(tx, target, body, donor, actor);
          subscription = started.subscription;
          donation = started.donation ? await presentOne(started.donation, tx) : null;
        } else {
          const created = await createChecked(tx, target, body, donor, actor);
          await ownGift()?.(tx, created.row);
          donation = presentNew(created.row, created, { id: user.id, name: person.name });
          charity = created.charity;
        }
        // The receipt of a gift approved at once (its number and where to download it), mailed
        // once this transaction commits.
        if (donation && donation.type === funds && donation.receipt_number && person.email) {
          await ctx.notices.queue(tx, await receiptOf(tx, donation, person.email, charity));
          queued = true;
        }
        return {
          statusCode: 201,
          body: { donation, wallet: await walletOf(tx, donor), subscription },
        };
      });
      if (queued) ctx.notices.wake();
      return result;
    },

    /**
     * POST /business/{id}/donate/project/{projectId}, /business/{id}/donate/charity/{charityId}: a
     * member asks for a gift on behalf of the organisation. It waits at 20 with its amount held from
     * the organisation's wallet or credits until the sign-off admins approve.
     */
    async giveForBusiness(
      auth: AuthUser | null,
      businessId: number,
      target: GiftTarget,
      body: DonateBody,
      idempotency: IdempotencyRequest,
    ): Promise<{ statusCode: number; body: DonateResponse }> {
      const user = await ctx.access.require(auth, Permission.BusinessDonate, [businessId]);
      const business = await organisationsQueries.business(db(), businessId);
      if (!business || business.deletedAt) throw notFound('The organisation');
      if (body.frequency !== undefined)
        throw badRequest('An organisation gives once at a time; each gift is signed off on its own.', {
          frequency: 'Give once on behalf of an organisation.',
        });
      const donor: MoneyOwner = { ownerType: 'business', ownerId: businessId };
      const name = user.name ?? (await usersQueries.names(db(), [user.id])).get(user.id) ?? '';
      return runIdempotent(db(), idempotency, ctx.now(), async (tx) => {
        assertBusinessMovesMoney(business);
        assertGiftAidAllowed(body, donor);
        await assertApprovable(tx, business, body, user.id);
        const created = await createChecked(tx, target, body, donor, { userId: user.id }, { signoff: true });
        return {
          statusCode: 201,
          body: {
            donation: presentNew(created.row, created, { id: user.id, name }, business),
            wallet: await walletOf(tx, donor),
            subscription: null,
          },
        };
      });
    },

    /**
     * The scheduled reminder (docs/product/organisations.md#sign-off): donations waiting for an
     * organisation's sign-off for more than 7 days mail its sign-off admins (never the requester),
     * then again every 7 days.
     */
    async remindSignoff(): Promise<number> {
      const now = ctx.now();
      const cutoff = new Date(now.getTime() - SIGNOFF_REMINDER_DAYS * 86_400_000);
      const reminded = await db().transaction(async (tx) => {
        const rows = await donationsRepository.claimSignoffReminders(tx, cutoff, now);
        const names = await namesFor(tx, rows);
        const admins = new Map<number, number[]>();
        for (const businessId of new Set(rows.map((row) => row.donorId)))
          admins.set(businessId, await organisationsQueries.signoffAdminIds(tx, businessId));
        const people = new Map(
          (await usersQueries.people(tx, [...admins.values()].flat())).map((person) => [person.id, person]),
        );
        for (const row of rows) {
          const organisation = names.organisations.get(row.donorId) ?? 'your organisation';
          const recipient = row.projectId
            ? (names.projects.get(row.projectId) ?? 'a project')
            : (names.charities.get(row.charityId)?.name ?? 'a charity');
          const days = Math.floor((now.getTime() - row.createdAt.getTime()) / 86_400_000);
          const what =
            row.type === funds && row.amount !== null
              ? formatMoney(row.amount, ctx.config.currency)
              : 'A gift';
          for (const id of admins.get(row.donorId) ?? []) {
            const person = people.get(id);
            if (!person || person.deletedAt || id === row.createdBy) continue;
            await ctx.notices.queue(tx, {
              to: person.email,
              subject: `A donation on behalf of ${organisation} waits for your sign-off`,
              text: [
                `${what} to ${recipient} on behalf of ${organisation} has waited ${days} days for sign-off.`,
                '',
                `Approve or reject it: ${ctx.config.publicUrl}/organisation/sign-off`,
              ].join('\n'),
            });
          }
        }
        return rows.length;
      });
      if (reminded > 0) ctx.notices.wake();
      return reminded;
    },

    /** GET /business/{id}/donations: donations waiting for sign-off, oldest request last, with where each stands. */
    async waitingForSignoff(auth: AuthUser | null, businessId: number, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.BusinessDonationsRead, [businessId]);
      const business = await organisationsQueries.business(db(), businessId);
      if (!business || business.deletedAt) throw notFound('The organisation');
      const result = await page(
        { donor: { type: 'business', id: businessId }, statuses: [awaitingOrganisationApproval] },
        query,
      );
      const [signoffs, membership, signoffAdminIds] = await Promise.all([
        donationsRepository.signoffs(
          db(),
          result.items.map((d) => d.id),
        ),
        organisationsQueries.businessMembership(db(), businessId, user.id),
        organisationsQueries.signoffAdminIds(db(), businessId),
      ]);
      const approverIds = [...signoffs.values()].flat().map((s) => s.userId);
      const names = await usersQueries.names(db(), approverIds);
      const isSignoffAdmin = membership?.isSignoffAdmin === true;
      return {
        ...result,
        items: result.items.map((donation) => {
          const valid = (signoffs.get(donation.id) ?? []).filter((s) => boundTo(s, donation));
          const requester = donation.history[0]?.by ?? null;
          const needed = approvalsNeeded(signoffPolicyOf(business), donation.amount ?? 0);
          const stuck = !canStillCollect(needed, valid, signoffAdminIds, requester?.id ?? null);
          return {
            ...donation,
            signoff: {
              needed,
              stuck,
              can_resolve: stuck && membership?.adminType === ADMIN_TYPE.superAdmin,
              approvals: valid.map((s) => ({
                user: { id: s.userId, name: names.get(s.userId) ?? '' },
                at: s.at.toISOString(),
              })),
              requested_by: requester,
              can_approve:
                isSignoffAdmin && requester?.id !== user.id && !valid.some((s) => s.userId === user.id),
            },
          };
        }),
      };
    },

    /**
     * POST /business/{id}/approve_donations: sign-off admins approve (each approval counts once per
     * person, never the requester's own, bound to the amount and recipient) or reject (90, the held
     * money returns). A donation with the approvals its policy needs moves on: funds to the project
     * or charity (80, or 40 when the platform must look first), offers of time or goods to the charity (30).
     */
    async businessAct(auth: AuthUser | null, businessId: number, body: BusinessApproveDonationsBody) {
      const user = await ctx.access.require(auth, Permission.BusinessDonationsApprove, [businessId]);
      const rows = await db().transaction(async (tx) => {
        const business = await organisationsQueries.business(tx, businessId);
        if (!business || business.deletedAt) throw notFound('The organisation');
        const locked = await donationsRepository.lock(tx, body.donation_ids);
        const found = new Set(locked.map((row) => row.id));
        if (
          body.donation_ids.some((id) => !found.has(id)) ||
          locked.some((row) => row.donorType !== 'business' || row.donorId !== businessId)
        )
          throw notFound('A donation');
        const to = body.action === 'approve' ? approved : canceled;
        for (const row of locked) if (row.status !== awaitingOrganisationApproval) throw invalidMove(row, to);
        if (body.action === 'reject') {
          const out: DonationRow[] = [];
          for (const row of locked)
            out.push(await flow.move(tx, row, canceled, { userId: user.id, reason: body.reason ?? null }));
          return out;
        }
        assertBusinessMovesMoney(business);
        const own = locked.find((row) => row.createdBy === user.id);
        if (own)
          throw new AppError(
            403,
            'OWN_DONATION',
            `You asked for donation ${own.id}: another sign-off admin must approve it.`,
            { donation_id: own.id },
          );
        const policy = signoffPolicyOf(business);
        const existing = await donationsRepository.signoffs(
          tx,
          locked.map((row) => row.id),
        );
        const out: DonationRow[] = [];
        for (const row of locked) {
          const valid = (existing.get(row.id) ?? []).filter((s) => boundTo(s, rowBinding(row)));
          if (valid.some((s) => s.userId === user.id))
            throw new AppError(409, 'ALREADY_APPROVED', `You already approved donation ${row.id}.`, {
              donation_id: row.id,
            });
          const at = ctx.now();
          await donationsRepository.addSignoff(tx, {
            donationId: row.id,
            userId: user.id,
            amount: row.amount,
            charityId: row.charityId,
            projectId: row.projectId,
            at,
          });
          const count = valid.length + 1;
          const needed = approvalsNeeded(policy, row.amount ?? 0);
          await donationsRepository.addHistory(tx, {
            donationId: row.id,
            status: awaitingOrganisationApproval,
            by: user.id,
            reason: `Signed off (${count} of ${needed})${body.reason ? `: ${body.reason}` : ''}`,
            at,
          });
          if (count < needed) {
            out.push(row);
            continue;
          }
          out.push(
            await signedOff(tx, row, {
              userId: user.id,
              reason: `Signed off by ${needed} of the organisation's sign-off admins`,
            }),
          );
        }
        return out;
      });
      return { donations: await present(rows) };
    },

    /**
     * POST /business/{id}/donations/{donation_id}/resolve: a Super Admin ends a donation that can
     * never collect its approvals (decision 033): approves it in the sign-off admins' place (never
     * their own request), or releases it (90, the held money back through the ledger). The reason
     * is kept in its history.
     */
    async resolveStuck(
      auth: AuthUser | null,
      businessId: number,
      donationId: number,
      body: ResolveStuckDonationBody,
    ) {
      const user = await ctx.access.require(auth, Permission.BusinessSignoffManage, [businessId]);
      const row = await db().transaction(async (tx) => {
        const business = await organisationsQueries.business(tx, businessId);
        if (!business || business.deletedAt) throw notFound('The organisation');
        const [locked] = await donationsRepository.lock(tx, [donationId]);
        if (locked?.donorType !== 'business' || locked.donorId !== businessId) throw notFound('The donation');
        const approve = body.action === 'approve';
        if (locked.status !== awaitingOrganisationApproval)
          throw invalidMove(locked, approve ? approved : canceled);
        const needed = approvalsNeeded(signoffPolicyOf(business), locked.amount ?? 0);
        const valid = ((await donationsRepository.signoffs(tx, [locked.id])).get(locked.id) ?? []).filter(
          (s) => boundTo(s, rowBinding(locked)),
        );
        const admins = await organisationsQueries.signoffAdminIds(tx, businessId);
        if (canStillCollect(needed, valid, admins, locked.createdBy))
          throw new AppError(
            409,
            'NOT_STUCK',
            `Donation ${locked.id} can still collect its approvals: its sign-off admins approve or reject it.`,
            { donation_id: locked.id },
          );
        if (!approve)
          return flow.move(tx, locked, canceled, {
            userId: user.id,
            reason: `Released by a Super Admin: ${body.reason}`,
          });
        assertBusinessMovesMoney(business);
        if (locked.createdBy === user.id)
          throw new AppError(
            403,
            'OWN_DONATION',
            `You asked for donation ${locked.id}: another Super Admin must approve it, or release it.`,
            { donation_id: locked.id },
          );
        return signedOff(tx, locked, {
          userId: user.id,
          reason: `Approved by a Super Admin with ${valid.length} of the ${needed} sign-off approvals it needs: ${body.reason}`,
        });
      });
      return { donations: await present([row]) };
    },

    async mine(auth: AuthUser | null, filters: DonationFilters, query: PageQuery, extra: DonationWhere = {}) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return page({ ...filterOf(filters), ...extra, donor: { type: 'user', id: user.id } }, query);
    },

    async one(auth: AuthUser | null, id: number) {
      return { donation: await presentOne(await requireDonation(auth, id)) };
    },

    /** The receipt of an approved gift of funds, for its donor only (PDF). */
    async receipt(auth: AuthUser | null, id: number) {
      const row = await requireDonation(auth, id);
      if (row.type !== funds || !row.receiptNumber || (row.status !== approved && row.status !== completed))
        throw new AppError(409, 'NO_RECEIPT', 'Only approved gifts of funds have a receipt.');
      const [donation, charity] = await Promise.all([
        presentOne(row),
        charitiesQueries.byId(db(), row.charityId),
      ]);
      return {
        pdf: await receiptPdf(donation, ctx.config.currency, charity?.registrationNumber ?? null),
        filename: `kindred-receipt-${row.receiptNumber}.pdf`,
      };
    },

    /** The donor's giving statement for a date range (at most five years), oldest first. */
    async statement(auth: AuthUser | null, from: string, to: string, format: 'pdf' | 'csv') {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      if (to < from)
        throw badRequest('The end date is before the start date.', { to: 'On or after the start.' });
      if (Date.parse(to) - Date.parse(from) > STATEMENT_MAX_DAYS * 86_400_000)
        throw badRequest('Choose a range of at most five years.', { from: 'Range too long.' });
      const rows = await donationsRepository.list(
        db(),
        { donor: { type: 'user', id: user.id }, from, to },
        { limit: STATEMENT_MAX_ROWS, before: false },
      );
      const donations = (
        await present(rows.slice(0, STATEMENT_MAX_ROWS).map((row) => row.donation))
      ).reverse();
      const filename = `kindred-giving-${from}-to-${to}.${format}`;
      if (format === 'csv')
        return {
          type: 'text/csv; charset=utf-8',
          filename,
          body: statementCsv(donations, ctx.config.currency),
        };
      const name = (await usersQueries.names(db(), [user.id])).get(user.id) ?? '';
      return {
        type: 'application/pdf',
        filename,
        body: await statementPdf(donations, { from, to, name }, ctx.config.currency),
      };
    },

    async ofCharity(
      auth: AuthUser | null,
      charityId: number,
      filters: DonationFilters,
      query: PageQuery,
      method?: number,
    ) {
      await ctx.access.require(auth, Permission.CharityDonationsRead, [charityId]);
      return page({ ...filterOf(filters), charityId, ...(method ? { method } : {}) }, query);
    },

    async ofProject(
      auth: AuthUser | null,
      projectId: number,
      filters: DonationFilters,
      query: PageQuery,
      types?: number[],
    ) {
      await ctx.access.require(auth, Permission.ProjectManage, [projectId]);
      return page({ ...filterOf(filters), projectId, ...(types ? { types } : {}) }, query);
    },

    /** People who gave time, skills or gifts to a project and no funds. */
    async withoutFunds(auth: AuthUser | null, projectId: number, query: PageQuery) {
      await ctx.access.require(auth, Permission.ProjectManage, [projectId]);
      const rows = await donationsRepository.withoutFunds(db(), projectId, keyset(query));
      const result = toPage(
        rows,
        query,
        (row) => [row.lastAt, row.firstId],
        (row) => row,
      );
      const names = await usersQueries.names(
        db(),
        result.items.filter((row) => row.donorType === 'user').map((row) => row.donorId),
      );
      return {
        ...result,
        items: result.items.map((row) => ({
          donor: {
            kind: row.donorType,
            id: row.donorId,
            name: (row.donorType === 'user' ? names.get(row.donorId) : undefined) ?? 'An organisation',
          },
          types: [...row.types].sort(),
          hours: Number(row.hours),
          gifts: Number(row.gifts),
          last_at: row.lastAt,
        })),
      };
    },

    /** The public supporters wall: names unless anonymous, never an email. */
    async supporters(
      projectId: number,
      query: PageQuery,
      viewer: AuthUser | null,
      visible: (id: number, viewer: AuthUser | null) => Promise<unknown>,
    ) {
      await visible(projectId, viewer);
      const rows = await donationsRepository.list(
        db(),
        { projectId, statuses: [approved, completed, awaitingCharityApproval] },
        keyset(query),
      );
      const result = toPage(
        rows,
        query,
        (row) => [row.at, row.donation.id],
        (row) => row.donation,
      );
      const shown = result.items.filter((row) => !row.anonymous);
      const [names, organisations] = await Promise.all([
        usersQueries.names(
          db(),
          shown.filter((row) => row.donorType === 'user').map((row) => row.donorId),
        ),
        organisationsQueries.names(
          db(),
          shown.filter((row) => row.donorType === 'business').map((row) => row.donorId),
        ),
      ]);
      const items: Supporter[] = result.items.map((row) => ({
        id: row.id,
        anonymous: row.anonymous,
        name: row.anonymous
          ? 'Anonymous'
          : ((row.donorType === 'user' ? names.get(row.donorId) : organisations.get(row.donorId)) ??
            'An organisation'),
        type: row.type,
        amount: row.type === funds && !row.anonymous ? row.amount : null,
        hours: row.hours,
        message: row.message,
        created_at: row.createdAt.toISOString(),
      }));
      return { ...result, items };
    },

    /** POST /charity/{id}/approve_donations: approve, decline or complete offers of time and goods. */
    async charityAct(auth: AuthUser | null, charityId: number, body: ApproveDonationsBody) {
      const user = await ctx.access.require(auth, Permission.CharityDonationsApprove, [charityId]);
      if (body.action === 'reject' && !body.reason)
        throw badRequest('Say why the donation is declined.', { reason: 'Say why, in a few words.' });
      const to = { approve: approved, reject: canceled, complete: completed }[body.action];
      const rows = await db().transaction(async (tx) => {
        const locked = await donationsRepository.lock(tx, body.donation_ids);
        const found = new Set(locked.map((row) => row.id));
        const missing = body.donation_ids.filter((id) => !found.has(id));
        const foreign = locked.filter((row) => row.charityId !== charityId);
        if (missing.length > 0 || foreign.length > 0) throw notFound('A donation');
        const out: DonationRow[] = [];
        for (const row of locked) {
          if (row.type === funds) throw invalidMove(row, to);
          const confirmed = body.confirmed_hours?.[String(row.id)];
          out.push(
            await flow.move(
              tx,
              row,
              to,
              { userId: user.id, reason: body.reason ?? null },
              {
                ...(confirmed !== undefined ? { confirmedHours: confirmed } : {}),
              },
            ),
          );
        }
        return out;
      });
      return { donations: await present(rows) };
    },

    async charityStatistics(auth: AuthUser | null, charityId: number) {
      await ctx.access.require(auth, Permission.CharityDonationsRead, [charityId]);
      const [months, reach] = await Promise.all([
        donationsRepository.totals(db(), { charityId }),
        donationsRepository.reach(db(), { charityId }),
      ]);
      const sum = (key: keyof (typeof months)[number]) =>
        months.reduce((total, m) => total + (typeof m[key] === 'number' ? (m[key] as number) : 0), 0);
      return {
        funds_received: sum('funds'),
        gift_aid: sum('giftAid'),
        volunteering_hours: sum('volunteering'),
        skilled_hours: sum('skilled'),
        gifts_count: sum('gifts'),
        donors: reach.donors,
        awaiting_approval: reach.waiting,
        by_month: months.map((m) => ({
          month: m.month,
          funds: m.funds,
          gift_aid: m.giftAid,
          hours: m.volunteering + m.skilled,
          gifts: m.gifts,
        })),
      };
    },

    async donorStatistics(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const donor = { type: 'user' as const, id: user.id };
      const [months, reach] = await Promise.all([
        donationsRepository.totals(db(), { donor }),
        donationsRepository.reach(db(), { donor }),
      ]);
      const sum = (pick: (m: (typeof months)[number]) => number) => months.reduce((t, m) => t + pick(m), 0);
      return {
        funds_given: sum((m) => m.funds),
        gift_aid_added: sum((m) => m.giftAid),
        volunteering_hours: sum((m) => m.volunteering),
        skilled_hours: sum((m) => m.skilled),
        gifts_count: sum((m) => m.gifts),
        gifts_value: sum((m) => m.giftsValue),
        projects_supported: reach.projects,
        charities_supported: reach.charities,
        by_month: months.map((m) => ({
          month: m.month,
          funds: m.funds,
          gift_aid: m.giftAid,
          hours: m.volunteering + m.skilled,
          gifts: m.gifts,
        })),
      };
    },

    /** GET /admin/complete: waiting for the platform (40, and direct gifts at 80 to pay out). */
    async platformQueue(auth: AuthUser | null, query: PageQuery) {
      await ctx.access.require(auth, Permission.PlatformDonationsRead);
      const rows = await donationsRepository.listQueue(db(), keyset(query));
      const result = toPage(
        rows,
        query,
        (row) => [row.at, row.donation.id],
        (row) => row.donation,
      );
      return { ...result, items: await present(result.items) };
    },

    /** POST /admin/complete: each donation one step on (40 -> 80, 80 -> 85 for direct gifts). */
    async platformComplete(auth: AuthUser | null, ids: number[]) {
      const user = await ctx.access.require(auth, Permission.PlatformDonationsReview);
      const rows = await db().transaction(async (tx) => {
        const locked = await donationsRepository.lock(tx, ids);
        if (locked.length !== new Set(ids).size) throw notFound('A donation');
        const out: DonationRow[] = [];
        for (const row of locked) {
          const next =
            row.status === awaitingPlatformAdminApproval
              ? approved
              : row.status === approved && row.method === DONATION_METHOD.direct && row.type === funds
                ? completed
                : null;
          if (next === null) throw invalidMove(row, row.status === approved ? completed : approved);
          out.push(await flow.move(tx, row, next, { userId: user.id }));
          await auditLog.record(tx, {
            actorId: user.id,
            action: next === approved ? 'donation.approve' : 'donation.complete',
            targetType: 'donation',
            targetId: row.id,
            details: { amount: row.amount },
            at: ctx.now(),
          });
        }
        await queueReceipts(
          tx,
          out.filter((row) => row.status === approved),
        );
        return out;
      });
      ctx.notices.wake();
      return { donations: await present(rows) };
    },

    /** POST /admin/donation/reject: ends one donation at 90 and returns its money. */
    async platformReject(auth: AuthUser | null, id: number, reason: string) {
      const user = await ctx.access.require(auth, Permission.PlatformDonationsReview);
      const row = await db().transaction(async (tx) => {
        const [locked] = await donationsRepository.lock(tx, [id]);
        if (!locked) throw notFound('The donation');
        const moved = await flow.move(tx, locked, canceled, { userId: user.id, reason });
        await auditLog.record(tx, {
          actorId: user.id,
          action: 'donation.reject',
          targetType: 'donation',
          targetId: locked.id,
          reason,
          details: { amount: locked.amount },
          at: ctx.now(),
        });
        return moved;
      });
      return { donation: await presentOne(row) };
    },

    /**
     * A cancelled project returns every undelivered donation
     * (docs/product/donations.md#a-project-that-ends,
     * docs/product/projects-and-charities.md#transitions): funds back to where they came from,
     * offers of time and goods declined. Runs in the project's transaction.
     */
    async projectCancelled(tx: Tx, projectId: number, userId: number) {
      const open = await donationsRepository.lockOpenOfProject(tx, projectId);
      for (const row of open)
        await flow.move(tx, row, canceled, { userId, reason: 'The project was cancelled.' });
      await subscriptions().endForProject(tx, projectId);
    },

    /** A completed project delivered its funds to the charity: its approved funds donations are Completed. */
    async projectCompleted(tx: Tx, projectId: number, userId: number) {
      const open = await donationsRepository.lockOpenOfProject(tx, projectId);
      for (const row of open)
        if (row.type === funds && row.status === approved)
          await flow.move(tx, row, completed, { userId, reason: 'The project was completed.' });
      await subscriptions().endForProject(tx, projectId);
    },

    donorOwner,
  };
}
export type DonationsService = ReturnType<typeof donationsService>;
