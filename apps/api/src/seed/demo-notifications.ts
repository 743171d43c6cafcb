import { randomUUID } from 'node:crypto';
import { formatMoney } from '@kindred/shared';
import type { Tx } from '../db/client.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import { projectsQueries } from '../modules/projects/index.js';

export interface DemoNotificationPeople {
  donor: number;
  owner: number;
  signoff: number;
  employee: number;
  charityAdmin: number;
  /** Priya Patel, who asks to join Acme Ltd. */
  asker: string;
  acmeId: number;
  riverTrustId: number;
}

const HOUR = 3_600_000;

/**
 * What the demo people have been told (docs/product/notifications.md), in the words the listeners
 * use: each bell shows something unread, and each list something already read.
 */
export async function seedDemoNotifications(
  tx: Tx,
  now: Date,
  currency: string,
  people: DemoNotificationPeople,
  projectIds: number[],
): Promise<void> {
  const titles = await projectsQueries.titles(tx, projectIds.slice(0, 3));
  const project = (i: number) => titles.get(projectIds[i] as number) ?? 'a project';
  const money = (amount: number) => formatMoney(amount, currency);
  const river = {
    accountType: 'charity' as const,
    accountId: people.riverTrustId,
    accountName: 'River Trust',
  };
  const acme = { accountType: 'business' as const, accountId: people.acmeId, accountName: 'Acme Ltd' };
  const told = (
    userId: number,
    hoursAgo: number,
    read: boolean,
    item: { kind: string; title: string; body: string; link: string },
    account: typeof river | typeof acme | null = null,
  ) => {
    const at = new Date(now.getTime() - hoursAgo * HOUR);
    return {
      userId,
      eventId: randomUUID(),
      ...item,
      accountType: account?.accountType ?? null,
      accountId: account?.accountId ?? null,
      accountName: account?.accountName ?? null,
      inApp: true,
      mail: 'none' as const,
      createdAt: at,
      readAt: read ? new Date(at.getTime() + HOUR) : null,
    };
  };
  await tx.insert(notifications).values([
    told(people.donor, 2, false, {
      kind: 'gift_update',
      title: 'Your offer was accepted',
      body: `River Trust accepted 4 hours of volunteering to ${project(0)}.`,
      link: '/giving',
    }),
    told(people.donor, 20, false, {
      kind: 'message',
      title: 'New message from River Trust: Thank you for volunteering',
      body: 'Thank you for giving your time to the river clean-up.',
      link: '/messages',
    }),
    told(people.donor, 72, true, {
      kind: 'gift_update',
      title: 'Money back from your gift',
      body: `${money(50_000)} of your gift to ${project(1)} was refunded.`,
      link: '/giving',
    }),
    told(people.donor, 240, true, {
      kind: 'project_update',
      title: `${project(2)} is completed`,
      body: `Thank you: ${project(2)}, which you gave to, is completed.`,
      link: `/projects/${projectIds[2]}`,
    }),
    told(
      people.charityAdmin,
      3,
      false,
      {
        kind: 'offer_waiting',
        title: 'An offer waits for your answer',
        body: `Dana Donor offers 6 hours of volunteering to ${project(0)}.`,
        link: '/charity/donations',
      },
      river,
    ),
    told(
      people.charityAdmin,
      26,
      false,
      {
        kind: 'dispute',
        title: 'A gift is disputed',
        body: `The giver’s bank disputes ${money(150_000)} of a gift to ${project(0)}; the money is held until the dispute closes.`,
        link: '/charity/donations',
      },
      river,
    ),
    told(
      people.charityAdmin,
      50,
      true,
      {
        kind: 'payout',
        title: `Payout of ${money(2_000_000)} paid`,
        body: `${money(2_000_000)} has been paid to your charity's bank account. Its statement lists the gifts it pays.`,
        link: '/charity/funds',
      },
      river,
    ),
    told(
      people.charityAdmin,
      96,
      true,
      {
        kind: 'gift_received',
        title: `New gift to ${project(1)}`,
        body: `A gift of ${money(250_000)} reached ${project(1)}.`,
        link: '/charity/donations',
      },
      river,
    ),
    // Both of Acme's sign-off admins are told of the gift that waits.
    ...[people.signoff, people.owner].map((userId) =>
      told(
        userId,
        5,
        false,
        {
          kind: 'signoff_request',
          title: 'A gift waits for your sign-off',
          body: `Emery Employee asks to give ${money(1_500_000)} to ${project(0)} on behalf of Acme Ltd.`,
          link: '/organisation/sign-off',
        },
        acme,
      ),
    ),
    told(
      people.owner,
      30,
      false,
      {
        kind: 'membership',
        title: `${people.asker} asks to join Acme Ltd`,
        body: `${people.asker} asks to join Acme Ltd on Kindred.`,
        link: '/organisation/requests',
      },
      acme,
    ),
    told(people.employee, 8, false, {
      kind: 'gift_update',
      title: 'Acme Ltd matched your gift',
      body: `Acme Ltd gives ${money(50_000)} to ${project(1)}, matching your gift.`,
      link: '/giving',
    }),
    told(people.employee, 48, true, {
      kind: 'gift_update',
      title: 'Your gift was signed off',
      body: `Acme Ltd signed off ${money(200_000)} to ${project(0)}.`,
      link: '/giving',
    }),
  ]);
}
