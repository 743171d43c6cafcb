import { ADMIN_TYPE, PROJECT_STATUS } from '@kindred/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { donationFlow } from '../modules/donations/donation-flow.js';
import {
  type DonationRow,
  donationsRepository,
  type NewDonation,
} from '../modules/donations/donations.repository.js';
import { account, type LedgerService, PLATFORM } from '../modules/ledger/ledger.service.js';
import { businessMatching } from '../modules/matching/matching.table.js';
import { businesses, businessMemberships } from '../modules/organisations/organisations.table.js';
import { projects } from '../modules/projects/projects.table.js';

type ProjectRow = typeof projects.$inferSelect;

export interface DemoOrganisation {
  id: number;
  owner: number;
  signoff: number;
  employee: number;
  /** The stored logo of its sub-business Acme South (a copy of Acme's). */
  southLogo: string;
}

/**
 * Demo data of an organisation's money (decision 024): Acme's matching with matched gifts (one
 * given, one waiting for sign-off), months of signed-off giving for the reports' charts, a
 * rejected gift, an employee's volunteering, and sub-businesses (Acme North with money and a gift
 * of its own, Acme South) its Super Admin manages. Runs in the demo's transaction.
 */
export async function seedDemoOrganisationMoney(
  tx: Tx,
  ledger: LedgerService,
  now: Date,
  org: DemoOrganisation,
  projectIds: number[],
): Promise<void> {
  const flow = donationFlow(ledger, () => now);
  const created = { createdAt: now };
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const rows = projectIds.length
    ? await tx.select().from(projects).where(inArray(projects.id, projectIds))
    : [];
  const live = rows.filter((p) => p.status === PROJECT_STATUS.live && p.charityId !== null);
  const funded = live.filter((p) => p.givingKinds.includes(2));
  const timed = live.filter((p) => p.givingKinds.includes(3) && p.volunteeringHours);
  if (funded.length === 0) return;
  const pick = (i: number) => funded[i % funded.length] as ProjectRow;

  // Sub-businesses: Acme North (seeded with the organisation) and Acme South; Bailey runs both.
  const [north] = await tx
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(eq(businesses.parentId, org.id), eq(businesses.name, 'Acme North')));
  const [south] = await tx
    .insert(businesses)
    .values({
      name: 'Acme South',
      logo: org.southLogo,
      approvalStatus: 'approved',
      parentId: org.id,
      createdBy: org.owner,
      ...created,
    })
    .returning({ id: businesses.id });
  const branches = [north?.id, south?.id].filter((id): id is number => id !== undefined);
  await tx.insert(businessMemberships).values(
    branches.map((businessId) => ({
      businessId,
      userId: org.owner,
      adminType: ADMIN_TYPE.superAdmin,
      isSignoffAdmin: true,
      ...created,
    })),
  );

  // Matching: the same again, up to ₹1,000 per employee and ₹20,000 a year.
  await tx.insert(businessMatching).values({
    businessId: org.id,
    active: true,
    ratioPercent: 100,
    capPerEmployee: 100_000,
    annualBudget: 2_000_000,
    updatedBy: org.owner,
    updatedAt: now,
  });

  const deposit = (owner: { ownerType: 'user' | 'business'; ownerId: number }, amount: number) =>
    ledger.transfer(tx, PLATFORM.manual, account(owner, 'wallet'), amount, {
      kind: 'admin_deposit',
      description: 'Deposit recorded by Kindred: demo data',
      reference: { demo: true },
    });
  await deposit({ ownerType: 'user', ownerId: org.employee }, 500_000);
  if (north) await deposit({ ownerType: 'business', ownerId: north.id }, 1_000_000);

  /** A gift on behalf of an organisation: asked for, held, and (unless left waiting) signed off. */
  async function onBehalf(
    businessId: number,
    project: ProjectRow,
    values: Partial<DonationRow> & { type: number },
    at: Date,
    end: 'approved' | 'waiting' | 'rejected',
    asker = org.owner,
    matchOf: number | null = null,
  ) {
    const row = await donationsRepository.insert(tx, {
      method: 1,
      status: 0,
      donorType: 'business',
      donorId: businessId,
      createdBy: asker,
      projectId: project.id,
      charityId: project.charityId as number,
      matchOf,
      createdAt: at,
      updatedAt: at,
      ...values,
    });
    const started = await flow.start(tx, row, { review: false, signoff: true }, { userId: asker });
    if (end === 'waiting') return started;
    if (end === 'rejected')
      return flow.move(tx, started, 90, { userId: org.signoff, reason: 'Over budget this quarter' });
    await donationsRepository.addSignoff(tx, {
      donationId: row.id,
      userId: org.signoff,
      amount: row.amount,
      charityId: row.charityId,
      projectId: row.projectId,
      at: now,
    });
    const to = values.type === 2 ? 80 : 30;
    return flow.move(tx, started, to, {
      userId: org.signoff,
      reason: 'Signed off by 1 of the organisation’s sign-off admins',
    });
  }

  // Six months of signed-off giving by Acme, a gift of goods, a rejected gift; one by Acme North.
  const amounts = [120_000, 80_000, 150_000, 60_000, 200_000, 90_000];
  for (const [i, amount] of amounts.entries())
    await onBehalf(org.id, pick(i), { type: 2, amount, source: 'wallet' }, daysAgo(25 + i * 30), 'approved');
  await onBehalf(
    org.id,
    pick(1),
    {
      type: 5,
      giftType: 1,
      description: 'Laptops for the homework club',
      quantity: 4,
      estimatedValue: 160_000,
    },
    daysAgo(40),
    'approved',
  );
  await onBehalf(org.id, pick(2), { type: 2, amount: 45_000, source: 'wallet' }, daysAgo(12), 'rejected');
  if (north)
    await onBehalf(north.id, pick(3), { type: 2, amount: 70_000, source: 'wallet' }, daysAgo(20), 'approved');

  /** A gift of Emery's own to a project (funds, or time), made at `at` and started without review. */
  const ownGift = async (
    project: ProjectRow,
    gift: Pick<NewDonation, 'type'> & Partial<NewDonation>,
    at: Date,
  ) => {
    const row = await donationsRepository.insert(tx, {
      method: 1,
      status: 0,
      donorType: 'user',
      donorId: org.employee,
      createdBy: org.employee,
      projectId: project.id,
      charityId: project.charityId as number,
      ...gift,
      createdAt: at,
      updatedAt: at,
    });
    return flow.start(tx, row, { review: false }, { userId: org.employee });
  };
  // Emery's own gifts, each matched by Acme: the first match given, the second waiting for sign-off.
  const thisYear = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
  const earlier = new Date(Math.max(thisYear.getTime(), daysAgo(30).getTime()));
  const matched = [
    { index: 0, amount: 30_000, at: earlier, status: 'approved' },
    { index: 1, amount: 20_000, at: now, status: 'waiting' },
  ] as const;
  for (const { index, amount, at, status } of matched) {
    const own = await ownGift(pick(index), { type: 2, amount, source: 'wallet' }, at);
    await onBehalf(
      org.id,
      pick(index),
      { type: 2, amount, source: 'wallet' },
      at,
      status,
      org.employee,
      own.id,
    );
  }

  // Emery volunteers on their own: it counts for Acme in its reports.
  const project = timed[0];
  if (project)
    await ownGift(
      project,
      { type: 3, hours: 4, date: project.volunteeringEnd ?? project.endDate },
      daysAgo(8),
    );
}
