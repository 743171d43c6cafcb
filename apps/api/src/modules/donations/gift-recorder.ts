import {
  DONATION_METHOD,
  type DonateBody,
  dateRangeMessage,
  GIVING_TYPE,
  GIVING_TYPES,
  giftAidOf,
  labelOf,
  PROJECT_STATUS,
  TRANSACTION_STATUS,
} from '@kindred/shared';
import type { AppContext } from '../../context.js';
import type { Executor, Tx } from '../../db/client.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isoDay } from '../../lib/periods.js';
import { charitiesQueries, isPublicCharity } from '../charities/index.js';
import { type FundraiserRow, fundraisersQueries } from '../fundraisers/index.js';
import { projectNotLive } from '../ledger/index.js';
import { type ProjectRow, projectsQueries } from '../projects/index.js';
import { type Actor, donationFlow, type GiftDonor, type GiftTarget } from './donation-flow.js';
import { donationViews } from './donation-views.js';
import { type DonationRow, donationsRepository, type NewGift } from './donations.repository.js';
import { giftAidRepository } from './gift-aid.repository.js';
import { assertBusinessMovesMoney, canBeSignedOff } from './signoff-rules.js';

/**
 * Recording a gift, shared by every way one is made: a person's gift, an organisation's, a
 * subscription's period and an organisation's match. Each runs inside its caller's transaction,
 * after the caller has checked who may.
 */

const { funds, volunteering, skilledVolunteering, gifts } = GIVING_TYPE;

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
  /** A gift by card: the payment that paid it (its money comes from the provider). */
  paymentId?: number;
  /**
   * What the caller writes once the gift has its status, before its money moves (a person's
   * receipt), with the project and charity read for it.
   */
  beforeMoney?: (row: DonationRow, target: CheckedTarget) => Promise<void>;
}

/** The project and charity a gift goes to, as read for it. */
export interface CheckedTarget {
  project: ProjectRow | undefined;
  charity: NonNullable<Awaited<ReturnType<typeof charitiesQueries.find>>>;
  /** The fundraising page it came through, if any. */
  fundraiserTitle?: string | undefined;
}

/** The pledge's date: a blank date means the project's end date; it must fall within the project. */
function pledgeDate(body: DonateBody, project: ProjectRow | undefined, today: string): string | null {
  const date = body.date ? body.date : (project?.volunteeringEnd ?? project?.endDate ?? null);
  if (date === null) return null;
  const earliest = [today, project?.volunteeringStart ?? project?.startDate ?? today].sort().at(-1) as string;
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

/**
 * The fundraising page a gift names, checked: open, for the gift's own project or charity, a gift of
 * funds given once (docs/product/fundraising-pages.md#giving-through-a-page). Undefined without one.
 */
async function fundraiserOf(
  executor: Executor,
  body: DonateBody,
  checked: { project: ProjectRow | undefined; charity: { id: number } },
  today: string,
): Promise<FundraiserRow | undefined> {
  if (body.fundraiser_id === undefined) return undefined;
  const page = await fundraisersQueries.find(executor, body.fundraiser_id);
  const refuse = (message: string) => badRequest(message, { fundraiser_id: message });
  if (!page) throw refuse('This fundraising page was not found.');
  if (body.type !== funds || body.frequency !== undefined)
    throw refuse('A fundraising page collects gifts of funds, given once.');
  const same = checked.project
    ? page.projectId === checked.project.id
    : page.projectId === null && page.charityId === checked.charity.id;
  if (!same) throw refuse('This fundraising page raises money for something else.');
  if (page.hiddenAt !== null)
    throw new AppError(409, 'FUNDRAISER_HIDDEN', 'This fundraising page was taken down by the charity.');
  if (page.endDate < today)
    throw new AppError(409, 'FUNDRAISER_ENDED', 'This fundraising page has closed: it takes no more gifts.');
  return page;
}

/** Refuses Gift Aid on a gift that cannot carry it (an organisation's, credits), before anything is read. */
export function assertGiftAidAllowed(body: DonateBody, donor: GiftDonor) {
  if (body.type !== funds || body.gift_aid !== true) return;
  if (donor.ownerType === 'business')
    throw badRequest('Gift Aid is only for gifts by individuals.', {
      gift_aid: 'Only individuals can add Gift Aid.',
    });
  if ((body.source ?? 'wallet') === 'credits')
    throw badRequest('Gift Aid cannot be added to gifts of credits.', {
      gift_aid: 'Not for gifts of credits.',
    });
}

/** What `giftValues` builds a new gift's row from, as `createChecked` checked it. */
export interface GiftValuesOf {
  body: DonateBody;
  donor: GiftDonor;
  actor: Actor;
  extra: CreateExtra;
  project: ProjectRow | undefined;
  charityId: number;
  status: number;
  /** The Gift Aid declaration it carries: Gift Aid only with one. */
  declarationId: number | null;
  fundraiserId: number | null;
  today: string;
  now: Date;
}

/** A new gift's row as written at the status it starts in (every column given, null where unused). */
export function giftValues(of: GiftValuesOf): NewGift {
  const { body, donor, actor, extra, project, status, today, now } = of;
  const isTime = body.type === volunteering || body.type === skilledVolunteering;
  const isFunds = body.type === funds;
  const giftAid = isFunds && body.gift_aid === true && of.declarationId !== null;
  const amount = isFunds ? (body.amount ?? 0) : null;
  return {
    method: project ? DONATION_METHOD.project : DONATION_METHOD.direct,
    type: body.type,
    status,
    donorType: donor.ownerType,
    donorId: donor.ownerId,
    createdBy: extra.createdBy !== undefined ? extra.createdBy : actor.userId,
    projectId: project?.id ?? null,
    charityId: of.charityId,
    amount,
    source: isFunds ? (body.source ?? 'wallet') : null,
    paymentId: extra.paymentId ?? null,
    hours: isTime ? (body.hours ?? null) : null,
    date: isTime ? pledgeDate(body, project, today) : null,
    skillType: body.type === skilledVolunteering ? (body.skill_type ?? null) : null,
    giftType: body.type === gifts ? (body.gift_type ?? null) : null,
    description: body.type === gifts ? (body.description ?? null) : null,
    quantity: body.type === gifts ? (body.quantity ?? null) : null,
    estimatedValue: body.type === gifts ? (body.estimated_value ?? 0) : null,
    giftAid,
    giftAidAmount: giftAid && amount ? giftAidOf(amount) : 0,
    giftAidDeclarationId: giftAid ? of.declarationId : null,
    anonymous: body.anonymous ?? false,
    message: body.message ? body.message : null,
    subscriptionId: extra.subscriptionId ?? null,
    period: extra.period ?? null,
    matchOf: extra.matchOf ?? null,
    fundraiserId: of.fundraiserId,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * A project that takes gifts and its charity, as read together for a gift: a Draft project, or one
 * of no charity, is not found.
 */
export function projectTarget<P extends ProjectRow, C>(
  joined: { project: P | null; charity: C | null } | undefined,
) {
  const project = joined?.project;
  const charity = joined?.charity;
  if (!project?.charityId || project.status === PROJECT_STATUS.draft || !charity)
    throw notFound('The project');
  return { project, charity };
}

/** A charity that takes gifts straight to it: a rejected one is not found. */
export function charityTarget<C extends { approvalStatus: string }>(charity: C | undefined) {
  if (!charity || charity.approvalStatus === 'rejected') throw notFound('The charity');
  return { project: undefined, charity };
}

export function giftRecorder(ctx: AppContext) {
  const db = () => ctx.database.db;
  const flow = donationFlow(ctx.ledger, () => ctx.now(), ctx.events);
  const views = donationViews(ctx);

  /**
   * The project or charity a gift goes to, checked for giving. With `lock`, the project is read
   * with its row lock (inside the gift's transaction): one read gives both the lock and the row.
   */
  async function targetOf(
    target: GiftTarget,
    executor: Executor = db(),
    lock: 'lock' | 'gift of funds' | false = false,
  ) {
    if (target.kind === 'project') {
      // A gift of funds reads the project and its charity in one statement, without a lock.
      const joined =
        lock === 'gift of funds' ? await donationsRepository.giftTarget(executor, target.id) : undefined;
      const project =
        lock === 'gift of funds'
          ? joined?.project
          : lock === 'lock'
            ? await projectsQueries.lock(executor, target.id)
            : await projectsQueries.find(executor, target.id);
      if (!project?.charityId || project.status === PROJECT_STATUS.draft) throw notFound('The project');
      const charity = joined ? joined.charity : await charitiesQueries.find(executor, project.charityId);
      return projectTarget({ project, charity });
    }
    return charityTarget(await charitiesQueries.find(executor, target.id));
  }

  type Target = Awaited<ReturnType<typeof targetOf>>;

  /** A gift of funds the platform looks at first: above the review threshold, or to a charity not yet public. */
  function needsReview(body: DonateBody, charity: Target['charity']) {
    return (
      body.type === funds &&
      ((body.amount ?? 0) > ctx.config.donationReviewThreshold || !isPublicCharity(charity))
    );
  }

  function assertOpen({ project, charity }: Target) {
    if (charity.lockStatus)
      throw new AppError(409, 'CHARITY_LOCKED', 'This charity is locked and cannot receive donations now.');
    if (project && project.status !== PROJECT_STATUS.live) throw projectNotLive();
  }

  /**
   * Records and starts one donation inside the caller's transaction: the checks that need the
   * project's lock, the Gift Aid declaration, then the flow (money, progress, history).
   */
  async function create(...args: Parameters<typeof createChecked>): Promise<DonationRow> {
    return (await createChecked(...args)).row;
  }

  /** The checks of a gift that needs no money yet (a series starting later): open, and needed. */
  async function check(tx: Tx, target: GiftTarget, body: DonateBody): Promise<Target> {
    const checked = await targetOf(target, tx);
    assertOpen(checked);
    assertNeeded(body, checked.project);
    await fundraiserOf(tx, body, checked, isoDay(ctx.now()));
    return checked;
  }

  /** `create`, answering also the project and charity it read under the project's lock. */
  async function createChecked(
    tx: Tx,
    target: GiftTarget,
    body: DonateBody,
    donor: GiftDonor,
    actor: Actor,
    extra: CreateExtra = {},
  ): Promise<{ row: DonationRow; fundraiserTitle: string | undefined } & Target> {
    // A pledge of time or goods takes the project's lock first: its status, and the hours still
    // needed, are read under it, one pledge at a time. A gift of funds takes no lock on the
    // project: gifts to it do not wait for each other, and the ledger checks again, under the
    // project's funds account's lock, that it still takes gifts
    // (docs/product/donations.md#the-order-a-gift-takes-its-locks).
    const checked = await targetOf(target, tx, body.type === funds ? 'gift of funds' : 'lock');
    assertOpen(checked);
    const { project, charity } = checked;
    assertNeeded(body, project);
    if (project && (body.type === volunteering || body.type === skilledVolunteering))
      await assertCapacity(tx, body, project);
    const today = isoDay(ctx.now());
    const fundraiser = await fundraiserOf(tx, body, checked, today);
    // The declaration naming this gift's charity (decision 037), unless the caller already chose it
    // (a recurring period carries Gift Aid only while its donor's declaration stands).
    const declarationId =
      extra.declarationId !== undefined
        ? extra.declarationId
        : await declarationFor(body, donor, charity.id, tx);
    // Written at the status it starts in, with its history row and any receipt number, in one
    // statement; the flow then moves its money.
    const starting = { review: needsReview(body, charity), signoff: extra.signoff === true };
    const status = flow.startingStatus(body.type, starting);
    const values = giftValues({
      body,
      donor,
      actor,
      extra,
      project,
      charityId: charity.id,
      status,
      declarationId: declarationId ?? null,
      fundraiserId: fundraiser?.id ?? null,
      today,
      now: ctx.now(),
    });
    const row = await donationsRepository.insertStarted(
      tx,
      values,
      { by: actor.userId, reason: actor.reason ?? null },
      // Approved at once (only a gift of funds is): numbered in the same statement.
      status === TRANSACTION_STATUS.approved ? ctx.now().getUTCFullYear() : undefined,
    );
    // Handled after the commit: matching, the public pages' figures (docs/decisions/041-one-event-mechanism.md).
    // Recorded before the money moves: the money last (docs/product/donations.md#the-order-a-gift-takes-its-locks).
    await ctx.events.record(tx, 'donation.made', {
      donation_id: row.id,
      project_id: row.projectId,
      charity_id: row.charityId,
    });
    const { beforeMoney } = extra;
    const started = await flow.start(
      tx,
      row,
      {
        ...starting,
        recorded: true,
        ...(body.type === funds && project ? { whileLive: project.id } : {}),
        ...(beforeMoney
          ? {
              beforeMoney: (status: DonationRow) =>
                beforeMoney(status, { ...checked, fundraiserTitle: fundraiser?.title }),
            }
          : {}),
      },
      actor,
    );
    return { row: started, project, charity, fundraiserTitle: fundraiser?.title };
  }

  /**
   * The donor's current Gift Aid declaration naming the gift's charity, when the gift asks for Gift
   * Aid (HMRC: the declaration names the charity that claims; decision 037). A declaration for
   * another charity, or an earlier one naming none, does not count: 409 until they declare for it.
   */
  async function declarationFor(
    body: DonateBody,
    donor: GiftDonor,
    charityId: number,
    executor: Executor = db(),
  ): Promise<number | null> {
    if (body.type !== funds || body.gift_aid !== true) return null;
    assertGiftAidAllowed(body, donor);
    // A guest declares with the gift: its declaration is handed in (extra.declarationId).
    if (donor.ownerType === 'guest') return null;
    const declaration = await giftAidRepository.declarationFor(executor, donor.ownerId, charityId);
    if (!declaration)
      throw new AppError(
        409,
        'GIFT_AID_DECLARATION_MISSING',
        'Make a Gift Aid declaration for this charity first.',
        { fields: { gift_aid: 'Make a Gift Aid declaration for this charity first.' } },
      );
    return declaration.id;
  }

  return {
    flow,
    present: views.present,
    queueReceipts: views.queueReceipts,
    create,
    createChecked,
    check,
    assertOpen,
    assertNeeded,
    needsReview,
    declarationFor,
    assertBusinessMovesMoney,
    canBeSignedOff,
  };
}
/** Recording gifts: what the donations services, subscriptions and matching share. */
export type GiftRecorder = ReturnType<typeof giftRecorder>;
