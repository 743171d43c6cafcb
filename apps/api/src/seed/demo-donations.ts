import { giftAidDeclarationText, giftAidOf, PROJECT_STATUS } from '@kindred/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { nextPeriod } from '../lib/periods.js';
import { charitiesQueries } from '../modules/charities/charities.repository.js';
import { donationFlow } from '../modules/donations/donation-flow.js';
import { type DonationRow, donationsRepository } from '../modules/donations/donations.repository.js';
import { donationSubscriptions, giftAidDeclarations } from '../modules/donations/donations.table.js';
import { account, type LedgerService } from '../modules/ledger/ledger.service.js';
import { projects } from '../modules/projects/projects.table.js';

type ProjectRow = typeof projects.$inferSelect;

/** The wording of the declarations made before they named a charity. */
const LEGACY_DECLARATION_TEXT =
  'I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax in the current tax year than the amount of Gift Aid claimed on all my donations, it is my responsibility to pay any difference.';

export interface DemoPeople {
  donor: number;
  admin: number;
  charityAdmin: number;
  extras: number[];
  /** The demo organisation and its people: its gifts wait for sign-off. */
  organisation?: { id: number; owner: number; signoff: number; employee: number };
}

/**
 * Demo giving, made through the donations' own state machine (money through the ledger, project
 * progress, history): every kind and every status, a few subscriptions and a Gift Aid declaration,
 * so that every giving screen shows something real. Runs in the demo's transaction.
 */
export async function seedDemoDonations(
  tx: Tx,
  ledger: LedgerService,
  now: Date,
  people: DemoPeople,
  projectIds: number[],
  charityIds: number[],
): Promise<void> {
  const flow = donationFlow(ledger, () => now);
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  // One query: a transaction's statements run one after another on its connection.
  const found = await tx.select().from(projects).where(inArray(projects.id, projectIds));
  const rows = projectIds.map((id) => found.find((p) => p.id === id) as ProjectRow);
  const live = rows.filter((p) => p.status === PROJECT_STATUS.live);
  const delivered = rows.filter((p) => p.status === PROJECT_STATUS.completed);
  const funded = (p: ProjectRow) => p.givingKinds.includes(2);

  // The people who give have money to give: platform deposits, as the demo's wallets are.
  for (const person of [...people.extras, people.donor]) {
    await ledger.transfer(
      tx,
      { ownerType: 'platform', ownerId: 0, kind: 'manual' },
      account({ ownerType: 'user', ownerId: person }, 'wallet'),
      person === people.donor ? 6_000_000 : 3_000_000,
      {
        kind: 'admin_deposit',
        description: 'Deposit recorded by Kindred: demo data',
        reference: { demo: true },
      },
    );
  }

  type Gift = Partial<DonationRow> & { type: number; donorId: number };
  async function give(project: ProjectRow | null, charityId: number, gift: Gift, review = false) {
    const row = await donationsRepository.insert(tx, {
      method: project ? 1 : 2,
      status: 0,
      donorType: 'user',
      createdBy: gift.donorId,
      projectId: project?.id ?? null,
      charityId,
      createdAt: now,
      updatedAt: now,
      ...gift,
    });
    return flow.start(tx, row, { review }, { userId: gift.donorId });
  }
  const funds = (donorId: number, amount: number, extra: Partial<DonationRow> = {}): Gift => ({
    type: 2,
    donorId,
    amount,
    source: 'wallet',
    ...extra,
  });

  // Supporters on every live project that asks for money: one to four gifts each.
  for (const [i, project] of live.entries()) {
    if (!funded(project) || !project.charityId) continue;
    for (let n = 0; n <= i % 4; n++) {
      const donorId = people.extras[(i + n) % people.extras.length] as number;
      const anonymous = (i + n) % 5 === 0;
      await give(
        project,
        project.charityId,
        funds(donorId, (5 + ((i * 7 + n * 3) % 20)) * 1_000, {
          anonymous,
          message: n === 0 ? 'Good luck with this, from all of us.' : null,
        }),
      );
    }
  }

  // Completed projects delivered their gifts to the charity.
  for (const project of delivered) {
    if (!funded(project) || !project.charityId) continue;
    const gift = await give(project, project.charityId, funds(people.extras[0] as number, 25_000));
    await flow.move(tx, gift, 85, { userId: people.charityAdmin, reason: 'The project was completed.' });
    await ledger.transfer(
      tx,
      account({ ownerType: 'project', ownerId: project.id }, 'project_funds'),
      account({ ownerType: 'charity', ownerId: project.charityId }, 'charity_funds'),
      25_000,
      {
        kind: 'project_complete',
        description: `Project completed: ${project.title}`,
        reference: { project_id: project.id },
      },
    );
  }

  // Dana gives in every way, so that "My giving" and the charity's inbox have something of each.
  const main = live.find((p) => funded(p) && p.volunteeringHours && p.charityId) ?? live[0];
  const skilled = live.find((p) => p.skillNeeds.length > 0 && p.charityId);
  const goods = live.find((p) => p.giftNeeds.length > 0 && p.charityId);
  const donor = people.donor;
  if (main?.charityId) {
    // Dana's Gift Aid declarations: one made before declarations named a charity (kept as a record,
    // it makes no new gift eligible), and the one naming the charity of her main project (River
    // Trust), which covers her Gift Aid gift to it (decision 037).
    const charity = await charitiesQueries.find(tx, main.charityId);
    const details = {
      userId: donor,
      title: 'Ms',
      firstName: 'Dana',
      lastName: 'Donor',
      house: '4',
      address: '4 Queen Square, Bristol',
      postCode: 'BS1 4DJ',
    };
    await tx.insert(giftAidDeclarations).values({
      ...details,
      text: LEGACY_DECLARATION_TEXT,
      declaredAt: new Date(now.getTime() - 400 * 86_400_000),
    });
    const [declaration] = await tx
      .insert(giftAidDeclarations)
      .values({
        ...details,
        charityId: main.charityId,
        text: giftAidDeclarationText(charity?.name ?? 'the charity'),
        declaredAt: now,
      })
      .returning();
    const aided = 20_000;
    await give(
      main,
      main.charityId,
      funds(donor, aided, {
        giftAid: true,
        giftAidAmount: giftAidOf(aided),
        giftAidDeclarationId: declaration?.id ?? null,
        message: 'Keep up the good work!',
      }),
    );
    await give(main, main.charityId, funds(donor, 5_000, { source: 'credits' }));
    const pledge = await give(main, main.charityId, {
      type: 3,
      donorId: donor,
      hours: 4,
      date: main.volunteeringEnd ?? main.endDate,
    });
    await flow.move(tx, pledge, 80, { userId: people.charityAdmin });
    const done = await give(main, main.charityId, { type: 3, donorId: donor, hours: 6, date: day(-1) });
    await flow.move(tx, done, 85, { userId: people.charityAdmin }, { confirmedHours: 5 });
    await give(main, main.charityId, {
      type: 3,
      donorId: people.extras[1] as number,
      hours: 3,
      date: main.volunteeringEnd ?? main.endDate,
    });
    // Above the review threshold: waits for a platform admin, held.
    await give(main, main.charityId, funds(donor, 5_500_000), true);

    // Recurring: a monthly gift to the project (its first month given) and a paused weekly one.
    const start = day(0);
    const [monthly] = await tx
      .insert(donationSubscriptions)
      .values({
        donorType: 'user',
        donorId: donor,
        createdBy: donor,
        method: 1,
        projectId: main.id,
        charityId: main.charityId,
        amount: 2_500,
        source: 'wallet',
        frequency: 3,
        startDate: start,
        nextDate: nextPeriod(start, start, 3),
        status: 'active',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (monthly)
      await give(main, main.charityId, funds(donor, 2_500, { subscriptionId: monthly.id, period: start }));
  }
  if (skilled?.charityId) {
    const need = skilled.skillNeeds[0];
    await give(skilled, skilled.charityId, {
      type: 4,
      donorId: donor,
      hours: Math.min(3, need?.hours ?? 3),
      skillType: need?.type ?? 1,
      date: skilled.volunteeringEnd ?? skilled.endDate,
    });
  }
  if (goods?.charityId) {
    const need = goods.giftNeeds[0];
    await give(goods, goods.charityId, {
      type: 5,
      donorId: donor,
      giftType: need?.type ?? 11,
      description: 'Two boxes of warm winter coats',
      quantity: 2,
      estimatedValue: 8_000,
    });
    const declined = await give(goods, goods.charityId, {
      type: 5,
      donorId: people.extras[2] as number,
      giftType: need?.type ?? 11,
      description: 'An old sofa',
      quantity: 1,
      estimatedValue: 0,
    });
    await flow.move(tx, declined, 90, {
      userId: people.charityAdmin,
      reason: 'We cannot store furniture, sorry.',
    });
  }

  // Straight to a charity: one waiting to be paid out (80), one paid out (85).
  const charityId = charityIds[0];
  if (charityId) {
    await give(null, charityId, funds(donor, 10_000, { message: 'For wherever it is needed most.' }));
    const paid = await give(null, charityId, funds(people.extras[0] as number, 15_000));
    await flow.move(tx, paid, 85, { userId: people.admin });
    await tx.insert(donationSubscriptions).values({
      donorType: 'user',
      donorId: donor,
      createdBy: donor,
      method: 2,
      projectId: null,
      charityId,
      amount: 1_000,
      source: 'wallet',
      frequency: 2,
      startDate: day(7),
      nextDate: day(7),
      status: 'paused',
      createdAt: now,
      updatedAt: now,
    });
  }
  // Acme's gifts waiting for its sign-off admins (its policy: 1 approval, 2 from ₹10,000): the
  // amounts are held from its wallet, one big gift already has one of its two approvals.
  const org = people.organisation;
  if (org && main?.charityId) {
    const onBehalf = async (asker: number, project: ProjectRow | null, charityId: number, amount: number) => {
      const row = await donationsRepository.insert(tx, {
        method: project ? 1 : 2,
        status: 0,
        type: 2,
        donorType: 'business',
        donorId: org.id,
        createdBy: asker,
        projectId: project?.id ?? null,
        charityId,
        amount,
        source: 'wallet',
        message: 'From everyone at Acme.',
        createdAt: now,
        updatedAt: now,
      });
      return flow.start(tx, row, { review: false, signoff: true }, { userId: asker });
    };
    await onBehalf(org.employee, main, main.charityId, 250_000);
    // Sam asked for the big one and Bailey approved it: Acme has no third sign-off admin, so it can
    // never have its second approval, and Bailey, its Super Admin, sees it as stuck (decision 033).
    const big = await onBehalf(org.signoff, null, main.charityId, 1_500_000);
    await donationsRepository.addSignoff(tx, {
      donationId: big.id,
      userId: org.owner,
      amount: big.amount,
      charityId: big.charityId,
      projectId: big.projectId,
      at: now,
    });
    await donationsRepository.addHistory(tx, {
      donationId: big.id,
      status: 20,
      by: org.owner,
      reason: 'Signed off (1 of 2)',
      at: now,
    });
  }
}
