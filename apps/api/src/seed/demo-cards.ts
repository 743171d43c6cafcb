import { randomUUID } from 'node:crypto';
import {
  type DonateBody,
  GIVING_TYPE,
  giftAidDeclarationText,
  giftAidOf,
  PROJECT_STATUS,
} from '@kindred/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { insertOne } from '../db/insert.js';
import { isoDay, nextPeriod } from '../lib/periods.js';
import { charitiesQueries } from '../modules/charities/index.js';
import { type GiftIntent, providerKey } from '../modules/donations/card-payments.js';
import { donationFlow, type GiftDonor, type GiftTarget } from '../modules/donations/donation-flow.js';
import { type DonationRow, donationsRepository } from '../modules/donations/donations.repository.js';
import {
  donationSubscriptions,
  giftAidDeclarations,
  guestGivers,
  subscriptionRetries,
} from '../modules/donations/donations.table.js';
import { bodyOf, ownerOf, targetOf } from '../modules/donations/subscription-periods.js';
import { RETRY_AFTER_DAYS } from '../modules/donations/subscription-runs.service.js';
import type { SubscriptionRow } from '../modules/donations/subscriptions.repository.js';
import { ledgerService } from '../modules/ledger/ledger.service.js';
import { giftPaymentsWrites, type MoneyOwner, type ProviderPayment } from '../modules/payments/index.js';
import { paymentMethods } from '../modules/payments/payments.table.js';
import type { CardDetails } from '../modules/payments/provider.js';
import { SANDBOX_CARDS, sandboxProvider } from '../modules/payments/sandbox-provider.js';
import { projects } from '../modules/projects/projects.table.js';

type ProjectRow = typeof projects.$inferSelect;
type CardRow = typeof paymentMethods.$inferSelect;

const DAY = 86_400_000;
const { funds } = GIVING_TYPE;

export interface DemoCardPeople {
  donor: number;
  /** The person whose recurring gift's card was declined this month. */
  declined: number;
  /** The demo organisation and its Super Admin, who saved its card. */
  organisation: { id: number; owner: number };
}

/**
 * Demo giving by card (docs/product/card-gifts.md): saved cards of the donor and of Acme Ltd, the
 * donor's past gifts paid by card, a monthly gift by card with a period paid, another person's
 * monthly gift whose card was declined this month (tried again after 2 days), and two gifts by
 * guests to River Trust's project, one with Gift Aid declared with the gift.
 *
 * Made the way the app makes them, in the demo's transaction: the built-in sandbox provider saves
 * the cards and takes the payments (its records, in its own table, say what each card does); each
 * gift's payment is written before the sandbox is asked, and a captured one becomes its gift through
 * the donations' state machine, whose ledger movement for a card is one transaction (provider ->
 * giver's wallet -> project or charity funds; docs/product/card-gifts.md#the-money). Each card
 * movement is dated when its gift was made.
 */
export async function seedDemoCards(
  tx: Tx,
  currency: string,
  now: Date,
  people: DemoCardPeople,
  projectIds: number[],
  charityIds: number[],
): Promise<void> {
  // One clock for the sandbox, the ledger and the state machine, set to when each step happened.
  let clock = now;
  const on = (date: Date) => {
    clock = date;
  };
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  const sandbox = sandboxProvider(
    () => clock,
    () => tx,
  );
  const flow = donationFlow(
    ledgerService(currency, () => clock),
    () => clock,
  );
  const year = now.getUTCFullYear();

  // One query: a transaction's statements run one after another on its connection.
  const found = await tx.select().from(projects).where(inArray(projects.id, projectIds));
  const open = projectIds
    .map((id) => found.find((p) => p.id === id))
    .filter(
      (p): p is ProjectRow =>
        p?.status === PROJECT_STATUS.live && p.charityId !== null && p.givingKinds.includes(funds),
    );
  // River Trust's first project, which its demo admin runs: the guests give to it.
  const river = open.find((p) => p.id === projectIds[0]) ?? open[0];
  const others = open.filter((p) => p.charityId !== charityIds[0]);
  // Recurring gifts go to the projects that run longest.
  const lasting = [...others].sort((a, b) => (b.endDate ?? '').localeCompare(a.endDate ?? ''));
  if (!river || others.length === 0) return;
  const charityOf = (target: GiftTarget) =>
    target.kind === 'project' ? (open.find((p) => p.id === target.id)?.charityId as number) : target.id;

  /** A card kept with the sandbox and saved for its owner (docs/product/card-gifts.md#saved-cards). */
  async function saveCard(
    owner: MoneyOwner,
    card: { number: string; month: number; yearsOn: number },
    savedAt: Date,
    isDefault: boolean,
    createdBy: number,
  ): Promise<CardRow> {
    on(savedAt);
    const saved = await sandbox.saveMethod({
      card: { number: card.number, exp_month: card.month, exp_year: year + card.yearsOn, cvc: '123' },
    });
    const row = await insertOne(tx, paymentMethods, {
      ...owner,
      provider: sandbox.name,
      providerMethodId: saved.id,
      brand: saved.brand ?? 'Card',
      last4: saved.last4 ?? '····',
      expMonth: saved.expMonth ?? card.month,
      expYear: saved.expYear ?? year + card.yearsOn,
      isDefault,
      createdBy,
      createdAt: clock,
    });
    return row;
  }

  /** A card a person saved for their own gifts. */
  const savePersonCard = (
    personId: number,
    card: { number: string; month: number; yearsOn: number },
    savedAt: Date,
    isDefault: boolean,
  ) => saveCard({ ownerType: 'user', ownerId: personId }, card, savedAt, isDefault, personId);

  interface CardGift {
    at: Date;
    target: GiftTarget;
    donor: GiftDonor;
    /** Who gave: null for a guest. */
    userId: number | null;
    amount: number;
    body: Omit<DonateBody, 'card'>;
    /** A saved card, or a card typed for this one gift. */
    card: { saved: CardRow } | { typed: CardDetails };
    idempotency: { scope: string; key: string };
    intent?: Partial<GiftIntent>;
    /** A recurring gift's period, charged without the giver present. */
    period?: { subscription: SubscriptionRow; period: string };
    /** What the donation carries beyond the body (Gift Aid and its declaration). */
    extra?: Partial<DonationRow>;
  }

  /**
   * A gift paid by card: the payment written first (pending, with what the gift will be), the card
   * charged with the payment's own key, then a captured payment becomes its gift, once. Answers the
   * gift, or null when the card was declined (the payment failed, nothing else was made).
   */
  async function payByCard(gift: CardGift): Promise<DonationRow | null> {
    on(gift.at);
    const saved = 'saved' in gift.card ? gift.card.saved : null;
    const payment = await giftPaymentsWrites.open(tx, {
      ownerType: gift.donor.ownerType,
      ownerId: gift.donor.ownerId,
      provider: sandbox.name,
      purpose: 'gift',
      amount: gift.amount,
      currency,
      status: 'pending',
      intent: {
        target: gift.target,
        body: gift.body,
        donor: gift.donor,
        userId: gift.userId,
        signoff: false,
        email: null,
        ...gift.intent,
      } satisfies GiftIntent,
      paymentMethodId: saved?.id ?? null,
      idempotencyScope: gift.idempotency.scope,
      idempotencyKey: gift.idempotency.key,
      createdBy: gift.userId,
      createdAt: clock,
      updatedAt: clock,
    });
    const charge = {
      amount: payment.amount,
      currency: payment.currency,
      metadata: { kindred_payment_id: String(payment.id), purpose: 'gift' },
      idempotencyKey: providerKey(payment),
    };
    let remote: ProviderPayment;
    if (gift.period && saved)
      remote = await sandbox.chargeMethod({
        ...charge,
        description: 'Kindred recurring gift',
        methodId: saved.providerMethodId,
      });
    else
      remote = await sandbox.createPayment({
        ...charge,
        description: 'Kindred gift',
        ...('typed' in gift.card ? { card: gift.card.typed } : { methodId: saved?.providerMethodId }),
      });
    if (remote.status !== 'succeeded') {
      await giftPaymentsWrites.recordOutcome(
        tx,
        payment.id,
        {
          status: 'failed',
          failureMessage: remote.failureMessage ?? 'The card was declined.',
          providerPaymentId: remote.id,
        },
        clock,
      );
      return null;
    }
    await giftPaymentsWrites.recordOutcome(
      tx,
      payment.id,
      { status: 'succeeded', failureMessage: null, providerPaymentId: remote.id },
      clock,
    );
    const row = await donationsRepository.insert(tx, {
      method: gift.target.kind === 'project' ? 1 : 2,
      type: funds,
      status: 0,
      donorType: gift.donor.ownerType,
      donorId: gift.donor.ownerId,
      createdBy: gift.period ? gift.period.subscription.createdBy : gift.userId,
      projectId: gift.target.kind === 'project' ? gift.target.id : null,
      charityId: charityOf(gift.target),
      amount: gift.amount,
      source: 'card',
      paymentId: payment.id,
      anonymous: gift.body.anonymous ?? false,
      message: gift.body.message ? gift.body.message : null,
      subscriptionId: gift.period?.subscription.id ?? null,
      period: gift.period?.period ?? null,
      createdAt: clock,
      updatedAt: clock,
      ...gift.extra,
    });
    // A period is given by the scheduler: no one is its actor.
    const made = await flow.start(tx, row, { review: false }, { userId: gift.period ? null : gift.userId });
    await giftPaymentsWrites.markGiftMade(tx, payment.id, made.id, clock);
    return made;
  }

  const toProject = (p: ProjectRow): GiftTarget => ({ kind: 'project', id: p.id });
  const userScope = (userId: number, target: GiftTarget) =>
    `user:${userId} POST /api/user/donate/${target.kind}/:id`;

  /** A monthly gift by card (docs/product/card-gifts.md#recurring-gifts-by-card) on a saved card. */
  async function monthlyByCard(
    donorId: number,
    project: ProjectRow,
    card: CardRow,
    amount: number,
    startDate: string,
    createdAt: Date,
    message: string | null,
  ): Promise<SubscriptionRow> {
    const row = await insertOne(tx, donationSubscriptions, {
      donorType: 'user',
      donorId,
      createdBy: donorId,
      method: 1,
      projectId: project.id,
      charityId: project.charityId as number,
      amount,
      source: 'card',
      paymentMethodId: card.id,
      frequency: 3,
      startDate,
      nextDate: startDate,
      status: 'active',
      message,
      createdAt,
      updatedAt: createdAt,
    });
    return row;
  }

  /** One period of a recurring gift by card, charged to its card as the scheduler charges it. */
  const chargePeriod = (subscription: SubscriptionRow, period: string, card: CardRow, at: Date) =>
    payByCard({
      at,
      target: targetOf(subscription),
      donor: ownerOf(subscription),
      userId: subscription.createdBy ?? subscription.donorId,
      amount: subscription.amount,
      body: bodyOf(subscription),
      card: { saved: card },
      idempotency: { scope: `subscription:${subscription.id}`, key: `${period}#1` },
      intent: { subscriptionId: subscription.id, period, declarationId: null },
      period: { subscription, period },
    });

  // Saved cards: Dana's Visa (her first, the default) and Mastercard; Acme Ltd's card, saved by Bailey.
  const donor = { ownerType: 'user', ownerId: people.donor } as const;
  const visa = await savePersonCard(
    people.donor,
    { number: SANDBOX_CARDS.success, month: 12, yearsOn: 3 },
    daysAgo(60),
    true,
  );
  const mastercard = await savePersonCard(
    people.donor,
    { number: '5555555555554444', month: 8, yearsOn: 2 },
    daysAgo(45),
    false,
  );
  const acme = { ownerType: 'business', ownerId: people.organisation.id } as const;
  await saveCard(
    acme,
    { number: '4000056655665556', month: 3, yearsOn: 4 },
    daysAgo(50),
    true,
    people.organisation.owner,
  );

  // Dana's gifts paid by card in one step: two with a saved card, one with a card typed for it.
  const first = others[0] as ProjectRow;
  const second = others[1] ?? first;
  const direct: GiftTarget = { kind: 'charity', id: (charityIds[1] ?? charityIds[0]) as number };
  const oneOffs: Array<{
    days: number;
    target: GiftTarget;
    amount: number;
    card: CardGift['card'];
    message?: string;
  }> = [
    {
      days: 3,
      target: toProject(first),
      amount: 7_500,
      card: { saved: visa },
      message: 'Happy to help the appeal.',
    },
    {
      days: 9,
      target: toProject(second),
      amount: 12_000,
      card: { typed: { number: SANDBOX_CARDS.success, exp_month: 12, exp_year: year + 3, cvc: '123' } },
    },
    { days: 16, target: direct, amount: 5_000, card: { saved: mastercard } },
  ];
  for (const gift of oneOffs) {
    const made = await payByCard({
      at: daysAgo(gift.days),
      target: gift.target,
      donor,
      userId: people.donor,
      amount: gift.amount,
      body: {
        type: funds,
        amount: gift.amount,
        source: 'card',
        ...('saved' in gift.card ? { payment_method_id: gift.card.saved.id } : {}),
        ...(gift.message ? { message: gift.message } : {}),
      },
      card: gift.card,
      idempotency: { scope: userScope(people.donor, gift.target), key: `demo-${randomUUID()}` },
    });
    if (!made) throw new Error('A demo card gift was declined');
  }

  // Dana's monthly gift on her Mastercard: set up 20 days ago, its first month paid by card then.
  const start = isoDay(daysAgo(20));
  const monthly = await monthlyByCard(
    people.donor,
    lasting[0] as ProjectRow,
    mastercard,
    2_000,
    start,
    daysAgo(20),
    'A little every month.',
  );
  if (!(await chargePeriod(monthly, start, mastercard, daysAgo(20))))
    throw new Error('The demo monthly gift by card was declined');
  await tx
    .update(donationSubscriptions)
    .set({ nextDate: nextPeriod(start, start, 3) })
    .where(eq(donationSubscriptions.id, monthly.id));

  // Tom's monthly gift, set up 12 days ago to start today, on a card the sandbox keeps but always
  // declines: today's charge was declined, the period is tried again after 2 days (then 5), and
  // My giving and the plan's manage page say that a gift could not be made.
  const failing = await savePersonCard(
    people.declined,
    { number: SANDBOX_CARDS.failsLater, month: 11, yearsOn: 2 },
    daysAgo(12),
    true,
  );
  const today = isoDay(now);
  const plan = await monthlyByCard(
    people.declined,
    (lasting[1] ?? lasting[0]) as ProjectRow,
    failing,
    1_500,
    today,
    daysAgo(12),
    null,
  );
  if (await chargePeriod(plan, today, failing, now))
    throw new Error('The demo card that fails later was charged');
  await tx.insert(subscriptionRetries).values({
    subscriptionId: plan.id,
    period: today,
    attempts: 1,
    nextAttemptAt: new Date(Date.parse(`${today}T00:00:00Z`) + RETRY_AFTER_DAYS[0] * DAY),
    status: 'open',
    createdAt: now,
  });
  await tx
    .update(donationSubscriptions)
    .set({ nextDate: nextPeriod(today, today, 3), updatedAt: now })
    .where(eq(donationSubscriptions.id, plan.id));

  // Two guests gave to River Trust's project without an account, one declaring Gift Aid with the gift
  // (docs/product/card-gifts.md#giving-without-an-account).
  const riverCharity = await charitiesQueries.find(tx, river.charityId as number);
  const guests = [
    {
      days: 2,
      email: 'morgan.lee@example.com',
      first: 'Morgan',
      last: 'Lee',
      amount: 2_500,
      message: 'Lovely to see the river so clean.',
      giftAid: { title: 'Mx', house: '12', postCode: 'BS3 1AB' },
    },
    { days: 5, email: 'jo.bennett@example.com', first: 'Jo', last: 'Bennett', amount: 1_000, message: null },
  ];
  for (const guest of guests) {
    on(daysAgo(guest.days));
    const giver = await insertOne(tx, guestGivers, {
      email: guest.email,
      firstName: guest.first,
      lastName: guest.last,
      createdAt: clock,
    });
    const aid = guest.giftAid;
    const [declaration] = aid
      ? await tx
          .insert(giftAidDeclarations)
          .values({
            userId: null,
            guestGiverId: giver.id,
            charityId: river.charityId as number,
            title: aid.title,
            firstName: guest.first,
            lastName: guest.last,
            house: aid.house,
            address: '',
            postCode: aid.postCode,
            text: giftAidDeclarationText(riverCharity?.name ?? 'the charity'),
            declaredAt: clock,
          })
          .returning()
      : [];
    const target = toProject(river);
    const made = await payByCard({
      at: clock,
      target,
      donor: { ownerType: 'guest', ownerId: giver.id },
      userId: null,
      amount: guest.amount,
      body: {
        type: funds,
        amount: guest.amount,
        source: 'card',
        ...(declaration ? { gift_aid: true } : {}),
        ...(guest.message ? { message: guest.message } : {}),
      },
      card: { typed: { number: SANDBOX_CARDS.success, exp_month: 6, exp_year: year + 2, cvc: '123' } },
      idempotency: {
        scope: `guest:${guest.email} POST /api/guest/donate/${target.kind}/:id`,
        key: `demo-${randomUUID()}`,
      },
      intent: { email: guest.email, declarationId: declaration?.id ?? null },
      extra: declaration
        ? { giftAid: true, giftAidAmount: giftAidOf(guest.amount), giftAidDeclarationId: declaration.id }
        : {},
    });
    if (!made) throw new Error('A demo guest gift was declined');
  }
}
