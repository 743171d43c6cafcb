import { PROJECT_STATUS } from '@kindred/shared';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { FileStorage } from '../lib/storage.js';
import { donationFlow } from '../modules/donations/donation-flow.js';
import { donationsRepository } from '../modules/donations/donations.repository.js';
import { fundraiserPosts, fundraisers } from '../modules/fundraisers/fundraisers.table.js';
import type { LedgerService } from '../modules/ledger/ledger.service.js';
import { projects } from '../modules/projects/projects.table.js';
import { coverSvg, renderPicture, storePicture } from './demo-pictures.js';

const DAY = 86_400_000;

export interface DemoFundraiserPeople {
  donor: number;
  owner: number;
  extras: number[];
  acmeId: number;
  /** The Bristol Giving Circle: its members' pages form a team. */
  circleId: number;
}

/**
 * Fundraising pages in the demo (docs/product/fundraising-pages.md): the donor's page for River
 * Trust's first live project with its own picture and updates, a team of three pages in the Bristol
 * Giving Circle, Acme's page, a page straight for a charity, and one that has ended. Their gifts go
 * through the donations' own state machine, so each page's figures are what was given through it.
 */
export async function seedDemoFundraisers(
  tx: Tx,
  storage: FileStorage,
  ledger: LedgerService,
  now: Date,
  people: DemoFundraiserPeople,
  projectIds: number[],
  charityIds: number[],
): Promise<void> {
  const flow = donationFlow(ledger, () => now);
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const found = await tx.select().from(projects).where(inArray(projects.id, projectIds));
  const live = projectIds
    .map((id) => found.find((p) => p.id === id))
    .filter((p) => p?.status === PROJECT_STATUS.live && p.charityId !== null && p.givingKinds.includes(2));
  const [first, second, third] = live;
  const river = charityIds[0];
  if (!first?.charityId || !second?.charityId || !third?.charityId || river === undefined) return;
  const picture = await storePicture(storage, 'fundraisers', await renderPicture(coverSvg(12, 4), 'gallery'));

  type Page = typeof fundraisers.$inferInsert;
  async function open(
    page: Omit<Page, 'createdAt' | 'updatedAt' | 'story'> & { story?: string },
    daysAgo: number,
  ) {
    const [row] = await tx
      .insert(fundraisers)
      .values({
        story:
          'Every pound raised here goes straight to the project. I am asking friends, family and colleagues to join me: thank you for anything you can give.',
        ...page,
        createdAt: at(daysAgo),
        updatedAt: at(daysAgo),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }
  /** A gift from a person's wallet through the page (the demo's wallets hold money). */
  async function give(
    page: { id: number; projectId: number | null; charityId: number },
    donorId: number,
    amount: number,
    extra: { anonymous?: boolean; message?: string; daysAgo?: number } = {},
  ) {
    const when = at(extra.daysAgo ?? 2);
    const row = await donationsRepository.insert(tx, {
      method: page.projectId ? 1 : 2,
      type: 2,
      status: 0,
      donorType: 'user',
      donorId,
      createdBy: donorId,
      projectId: page.projectId,
      charityId: page.charityId,
      amount,
      source: 'wallet',
      fundraiserId: page.id,
      anonymous: extra.anonymous ?? false,
      message: extra.message ?? null,
      createdAt: when,
      updatedAt: when,
    });
    await flow.start(tx, row, { review: false }, { userId: donorId });
  }
  const [a, b, c] = people.extras as [number, number, number];

  const swim = await open(
    {
      userId: people.donor,
      projectId: first.id,
      charityId: first.charityId,
      title: 'Dana swims the harbour',
      story:
        'On the last Saturday of the month I will swim a mile across Bristol harbour, in October water. I am doing it because this project changes lives where I live. Sponsor me and every pound goes straight to it.',
      picture,
      target: 150_000,
      endDate: day(24),
    },
    12,
  );
  await give(swim, a, 5_000, { message: 'Go Dana! Wear a wetsuit.' });
  await give(swim, b, 2_500, { anonymous: true });
  await give(swim, c, 10_000, { message: 'Proud of you.' });
  await give(swim, a, 2_000, { daysAgo: 1 });
  await tx.insert(fundraiserPosts).values([
    {
      fundraiserId: swim.id,
      body: 'First training swim done: 800 metres in the lido. Cold, but on my way!',
      createdAt: at(8),
    },
    {
      fundraiserId: swim.id,
      body: 'Halfway to the target already. Thank you all so much.',
      createdAt: at(2),
    },
  ]);

  // The Bristol Giving Circle's team: three pages for the second project.
  const team = [
    { userId: people.donor, title: 'The circle walks 100 miles', raised: [4_000, 6_000] },
    { userId: b, title: 'Bake sale week for the circle', raised: [3_000, 1_500, 2_500] },
    { userId: a, title: 'No coffee for a month', raised: [1_200] },
  ];
  for (const [index, page] of team.entries()) {
    const row = await open(
      {
        userId: page.userId,
        groupId: people.circleId,
        projectId: second.id,
        charityId: second.charityId,
        title: page.title,
        target: 50_000,
        endDate: day(40 + index),
      },
      10 - index,
    );
    for (const [n, amount] of page.raised.entries())
      await give(row, people.extras[(index + n + 1) % people.extras.length] as number, amount);
  }

  // Acme's page, opened by its owner for the third project.
  const acme = await open(
    {
      userId: people.owner,
      businessId: people.acmeId,
      projectId: third.id,
      charityId: third.charityId,
      title: 'Acme’s giving day',
      target: 500_000,
      endDate: day(14),
    },
    5,
  );
  await give(acme, b, 5_000, { message: 'Happy to help.' });
  await give(acme, c, 7_500);

  // A page straight for River Trust, and one that ended last week.
  const direct = await open(
    {
      userId: c,
      charityId: river,
      title: 'Birthday fundraiser for River Trust',
      target: 30_000,
      endDate: day(20),
    },
    3,
  );
  await give(direct, a, 3_000, { message: 'Happy birthday!' });
  const ended = await open(
    {
      userId: a,
      projectId: first.id,
      charityId: first.charityId,
      title: 'Spring 10k for the river',
      target: 20_000,
      endDate: day(-7),
    },
    40,
  );
  await give(ended, people.donor, 4_000, { daysAgo: 12 });
}
