import {
  formatMoney,
  GIVING_TYPE,
  type NotificationKind,
  OWNER_TYPE,
  PROJECT_STATUS,
  TRANSACTION_STATUS as S,
} from '@kindred/shared';
import type { Executor } from '../../db/client.js';
import type { EventType, KindredEvent } from '../../events/catalogue.js';
import { dispatchMemo } from '../../events/dispatch-memo.js';
import { charitiesQueries } from '../charities/index.js';
import { donationsQueries, type GiftSummary, giftSummary } from '../donations/index.js';
import { fundraisersQueries } from '../fundraisers/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { payoutsQueries } from '../payouts/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';

/** A charity's admins, read once for a dispatch's events (events/dispatch-memo.ts). */
const adminsOf = (db: Executor, charityId: number) =>
  dispatchMemo(`charities.admins:${charityId}`, () => charitiesQueries.adminIds(db, charityId));

/** One thing to tell some people (docs/product/notifications.md#who-is-told-what). */
export interface Tell {
  userIds: number[];
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where in the app it is about. */
  link: string;
  /** The account they are told of as its admins. */
  account?: { type: 'charity' | 'business'; id: number; name: string } | undefined;
  /** Mailed already by mail that always goes (a credit note): told in the app only. */
  mailedElsewhere?: boolean;
  /** The mail's text when it says more than the notification (a message's whole body). */
  mailText?: string;
}

/** What the notifications read of other modules that has no query of its own (a message's audience). */
export interface TellReads {
  messageAudience(
    db: Executor,
    messageId: number,
  ): Promise<
    | {
        from: string;
        subject: string;
        body: string | null;
        account: { type: number; id: number; name: string } | null;
        userIds: number[];
      }
    | undefined
  >;
}

type Told<T extends EventType> = (db: Executor, event: KindredEvent<T>) => Promise<Tell[]>;

/**
 * Who is told of each event, and in which words: the table of docs/product/notifications.md, in
 * code. An event no one is told of has no entry.
 */
export function whoIsTold(currency: string, reads: TellReads): { [T in EventType]?: Told<T> } {
  const money = (amount: number) => formatMoney(amount, currency);

  /** The charity a gift went to, as its admins are told of it (its name read with the gift). */
  const charityOfGift = (gift: GiftSummary) =>
    ({ type: 'charity', id: gift.charityId, name: gift.charityName }) as const;
  async function charityAccount(db: Executor, charityId: number) {
    const charity = await charitiesQueries.byId(db, charityId);
    return { type: 'charity' as const, id: charityId, name: charity?.name ?? 'your charity' };
  }
  async function businessAccount(db: Executor, businessId: number) {
    const names = await organisationsQueries.names(db, [businessId]);
    return { type: 'business' as const, id: businessId, name: names.get(businessId) ?? 'your organisation' };
  }
  async function nameOf(db: Executor, userId: number | null) {
    if (userId === null) return 'Someone';
    return (await usersQueries.names(db, [userId])).get(userId) ?? 'Someone';
  }

  /** Who must act on, or hears of, a gift arriving at a status: sign-off admins, or the charity. */
  async function arrival(db: Executor, gift: GiftSummary): Promise<Tell[]> {
    if (gift.status === S.awaitingOrganisationApproval && gift.donorType === 'business') {
      const account = await businessAccount(db, gift.donorId);
      const ids = await organisationsQueries.signoffAdminIds(db, gift.donorId);
      return [
        {
          userIds: ids.filter((id) => id !== gift.giverId),
          kind: 'signoff_request',
          title: 'A gift waits for your sign-off',
          body:
            gift.matchOf === null
              ? `${await nameOf(db, gift.giverId)} asks to give ${gift.what} to ${gift.to} on behalf of ${account.name}.`
              : `${account.name} matches ${await nameOf(db, gift.giverId)}’s gift with ${gift.what} to ${gift.to}.`,
          link: '/organisation/sign-off',
          account,
        },
      ];
    }
    if (gift.status === S.awaitingCharityApproval) {
      return [
        {
          userIds: await adminsOf(db, gift.charityId),
          kind: 'offer_waiting',
          title: 'An offer waits for your answer',
          body: `${await nameOf(db, gift.giverId)} offers ${gift.what} to ${gift.to}.`,
          link: '/charity/donations',
          account: charityOfGift(gift),
        },
      ];
    }
    if (gift.status === S.approved && gift.type === GIVING_TYPE.funds) {
      return [
        {
          userIds: await adminsOf(db, gift.charityId),
          kind: 'gift_received',
          title: `New gift to ${gift.to}`,
          body: `A gift of ${gift.what} reached ${gift.to}.`,
          link: '/charity/donations',
          account: charityOfGift(gift),
        },
      ];
    }
    return [];
  }

  /** The giver's words for a gift's move, or none when the move tells them nothing new. */
  async function giverWords(
    db: Executor,
    gift: GiftSummary,
    from: number,
  ): Promise<{ title: string; body: string } | undefined> {
    const isFunds = gift.type === GIVING_TYPE.funds;
    const gave = `${gift.what} to ${gift.to}`;
    if (from === S.awaitingOrganisationApproval && gift.donorType === 'business') {
      const org = (await businessAccount(db, gift.donorId)).name;
      if (gift.status === S.canceled)
        return { title: 'Your gift was not signed off', body: `${org} did not sign off ${gave}.` };
      const next =
        gift.status === S.awaitingPlatformAdminApproval
          ? ' It now waits for Kindred’s review.'
          : gift.status === S.awaitingCharityApproval
            ? ` It now waits for ${gift.charityName}’s answer.`
            : '';
      return { title: 'Your gift was signed off', body: `${org} signed off ${gave}.${next}` };
    }
    if (from === S.awaitingPlatformAdminApproval)
      return gift.status === S.approved
        ? { title: 'Your gift was approved', body: `Kindred approved ${gave}.` }
        : {
            title: 'Your gift was not approved',
            body: `Kindred turned down ${gave}; the money went back where it came from.`,
          };
    if (!isFunds) {
      if (gift.status === S.approved)
        return { title: 'Your offer was accepted', body: `${gift.charityName} accepted ${gave}.` };
      if (gift.status === S.completed)
        return {
          title: 'Thank you: your gift was delivered',
          body: `${gift.charityName} confirmed ${gave}.`,
        };
      if (gift.status === S.canceled)
        return { title: 'Your offer was declined', body: `${gift.charityName} declined ${gave}.` };
      return undefined;
    }
    if (gift.status === S.completed && gift.projectId === null)
      return { title: 'Your gift was delivered', body: `${gave} has been paid out to ${gift.charityName}.` };
    if (gift.status === S.canceled && from === S.approved)
      return { title: 'Your gift was returned', body: `${gave} went back where it came from.` };
    return undefined;
  }

  const giverTell = (gift: GiftSummary, words: { title: string; body: string }): Tell[] =>
    gift.giverId === null || gift.donorType === 'guest'
      ? []
      : [{ userIds: [gift.giverId], kind: 'gift_update', link: '/giving', ...words }];

  const told: { [T in EventType]?: Told<T> } = {
    async 'donation.made'(db, { data }) {
      const gift = await giftSummary(db, data.donation_id, currency);
      if (!gift) return [];
      const tells = await arrival(db, gift);
      if (gift.matchOf !== null && gift.donorType === 'business') {
        const own = await giftSummary(db, gift.matchOf, currency);
        const org = (await businessAccount(db, gift.donorId)).name;
        if (own?.giverId)
          tells.push(
            ...giverTell(own, {
              title: `${org} matched your gift`,
              body: `${org} gives ${gift.what} to ${gift.to}, matching your gift.`,
            }),
          );
      }
      return tells;
    },

    async 'donation.status_changed'(db, { data }) {
      const gift = await giftSummary(db, data.donation_id, currency);
      if (!gift) return [];
      const words = await giverWords(db, gift, data.from);
      const tells = words ? giverTell(gift, words) : [];
      // A gift signed off, or approved by Kindred, now reaches (or waits for) its charity.
      if (data.from === S.awaitingOrganisationApproval || data.from === S.awaitingPlatformAdminApproval)
        tells.push(...(await arrival(db, gift)));
      return tells;
    },

    async 'donation.refunded'(db, { data }) {
      const gift = await giftSummary(db, data.donation_id, currency);
      if (!gift) return [];
      return giverTell(gift, {
        title: 'Money back from your gift',
        body: `${money(data.amount)} of your gift of ${gift.what} to ${gift.to} was refunded.`,
      }).map((tell) => ({ ...tell, mailedElsewhere: true }));
    },

    async 'donation.disputed'(db, { data }) {
      const gift = await giftSummary(db, data.donation_id, currency);
      if (!gift) return [];
      const amount = money(data.amount);
      const words = {
        open: {
          title: 'A gift is disputed',
          body: `The giver’s bank disputes ${amount} of a gift to ${gift.to}; the money is held until the dispute closes.`,
        },
        won: {
          title: 'A dispute was won',
          body: `The dispute of ${amount} of a gift to ${gift.to} closed in the charity’s favour; the money is back in its funds.`,
        },
        lost: {
          title: 'A dispute was lost',
          body: `The dispute of ${amount} of a gift to ${gift.to} was lost; the money went back to the giver.`,
        },
      }[data.status];
      return [
        {
          userIds: await adminsOf(db, gift.charityId),
          kind: 'dispute',
          link: '/charity/donations',
          account: charityOfGift(gift),
          ...words,
        },
      ];
    },

    async 'fundraiser.gift_counted'(db, { data }) {
      const [page, gift] = [
        await fundraisersQueries.find(db, data.fundraiser_id),
        await giftSummary(db, data.donation_id, currency),
      ];
      if (!page || !gift) return [];
      const by = gift.giverName === 'Anonymous' ? 'Someone' : gift.giverName;
      return [
        {
          userIds: [page.userId],
          kind: 'fundraiser',
          title: `${by} gave ${money(data.amount)} through your page`,
          body: `Thank you for raising money for ${gift.to}: ${by} gave ${money(data.amount)} through “${page.title}”. Your page has raised ${money(page.raised)} of its ${money(page.target)} target.`,
          link: `/fundraisers/${page.id}`,
        },
      ];
    },

    async 'fundraiser.hidden'(db, { data }) {
      const page = await fundraisersQueries.find(db, data.fundraiser_id);
      if (!page) return [];
      const charity = await charityAccount(db, data.charity_id);
      return [
        data.hidden
          ? {
              userIds: [data.user_id],
              kind: 'fundraiser',
              title: `${charity.name} took down your fundraising page`,
              body: `“${page.title}” is hidden from everyone but you: ${data.reason ?? 'the charity gave no reason'}. Write to the charity if you think this is a mistake.`,
              link: `/fundraisers/${page.id}`,
            }
          : {
              userIds: [data.user_id],
              kind: 'fundraiser',
              title: `${charity.name} put your fundraising page back`,
              body: `“${page.title}” is visible again and takes gifts.`,
              link: `/fundraisers/${page.id}`,
            },
      ];
    },

    async 'payout.paid'(db, { data }) {
      const payout = await payoutsQueries.find(db, data.payout_id);
      const amount = money(data.amount);
      return [
        {
          userIds: await adminsOf(db, data.charity_id),
          kind: 'payout',
          title: `Payout of ${amount} paid`,
          body: `${amount} has been paid to your charity's bank account (transfer ${payout?.transferId ?? 'recorded'}). Its statement lists the gifts it pays.`,
          link: '/charity/funds',
          account: await charityAccount(db, data.charity_id),
        },
      ];
    },

    async 'payout.failed'(db, { data }) {
      const payout = await payoutsQueries.find(db, data.payout_id);
      const amount = money(data.amount);
      const why = payout?.failureMessage ? ` ${payout.failureMessage}` : '';
      return [
        {
          userIds: await adminsOf(db, data.charity_id),
          kind: 'payout',
          title: `Payout of ${amount} not paid`,
          body: `Your payout of ${amount} was not paid:${why} The money is back in your charity's available funds.`,
          link: '/charity/funds',
          account: await charityAccount(db, data.charity_id),
        },
      ];
    },

    async 'project.status_changed'(db, { data }) {
      if (data.status !== PROJECT_STATUS.completed && data.status !== PROJECT_STATUS.cancelled) return [];
      const project = await projectsQueries.find(db, data.project_id);
      if (!project) return [];
      const completed = data.status === PROJECT_STATUS.completed;
      return [
        {
          userIds: await donationsQueries.giverIdsOfProject(db, data.project_id),
          kind: 'project_update',
          title: completed ? `${project.title} is completed` : `${project.title} was cancelled`,
          body: completed
            ? `Thank you: ${project.title}, which you gave to, is completed.`
            : `${project.title}, which you gave to, was cancelled. Money not yet delivered went back where it came from.`,
          link: `/projects/${data.project_id}`,
        },
      ];
    },

    async 'organisation.member_joined'(db, { data }) {
      const account = await businessAccount(db, data.business_id);
      const admins = await organisationsQueries.businessAdminIds(db, data.business_id);
      return [
        {
          userIds: admins.filter((id) => id !== data.user_id),
          kind: 'membership',
          title: `${await nameOf(db, data.user_id)} joined ${account.name}`,
          body: `${await nameOf(db, data.user_id)} is now a member of ${account.name}.`,
          link: '/organisation/members',
          account,
        },
      ];
    },

    async 'join_request.created'(db, { data }) {
      const business = data.target_type === 'business';
      const account = business
        ? await businessAccount(db, data.target_id)
        : await charityAccount(db, data.target_id);
      const asker = await nameOf(db, data.user_id);
      return [
        {
          userIds: business
            ? await organisationsQueries.businessAdminIds(db, data.target_id)
            : await adminsOf(db, data.target_id),
          kind: 'membership',
          title: `${asker} asks to join ${account.name}`,
          body: `${asker} asks to join ${account.name} on Kindred.`,
          link: business ? '/organisation/requests' : '/charity/members',
          account,
        },
      ];
    },

    async 'join_request.decided'(db, { data }) {
      const business = data.target_type === 'business';
      const account = business
        ? await businessAccount(db, data.target_id)
        : await charityAccount(db, data.target_id);
      const { name } = account;
      return [
        {
          userIds: [data.user_id],
          kind: 'membership',
          title: data.accepted ? `You joined ${name}` : `Your request to join ${name}`,
          body: data.accepted
            ? `${name} accepted your request: you are now a member on Kindred.`
            : `${name} did not accept your request to join.`,
          link: data.accepted ? (business ? '/organisation' : '/charity') : '/',
          // A member now: following it acts as the account it joined.
          account: data.accepted ? account : undefined,
        },
      ];
    },

    async 'message.sent'(db, { data }) {
      const audience = await reads.messageAudience(db, data.message_id);
      if (!audience) return [];
      if (audience.account === null)
        return [
          {
            userIds: audience.userIds,
            kind: 'message',
            title: `New message from ${audience.from}: ${audience.subject}`,
            body: (audience.body ?? '').slice(0, 280),
            link: '/messages',
            mailText: [
              `${audience.from} sent you a message on Kindred.`,
              '',
              `Subject: ${audience.subject}`,
              '',
              audience.body ?? '',
              '',
              'Reply from Messages on Kindred.',
            ].join('\n'),
          },
        ];
      const { account } = audience;
      const accountRef =
        account.type === OWNER_TYPE.charity
          ? { type: 'charity' as const, id: account.id, name: account.name }
          : account.type === OWNER_TYPE.organisation
            ? { type: 'business' as const, id: account.id, name: account.name }
            : undefined;
      return [
        {
          userIds: audience.userIds,
          kind: 'message',
          title: `New message for ${account.name}`,
          body: `${audience.from} sent ${account.name} a message: “${audience.subject}”.`,
          link: '/messages',
          account: accountRef,
        },
      ];
    },
  };
  return told;
}
