import type { Executor } from '../../db/client.js';
import { dispatchMemoMany } from '../../events/dispatch-memo.js';
import { organisationsQueries } from '../organisations/index.js';
import { usersQueries } from '../users/index.js';
import { type DonationRow, donationsQueries } from './donations.repository.js';
import { guestsRepository } from './guests.repository.js';
import { whatWasGiven } from './receipts.js';

/** A gift as others tell of it (a notification, a webhook): who gave, what, to whom, in words. */
export interface GiftSummary {
  id: number;
  type: number;
  status: number;
  donorType: 'user' | 'business' | 'guest';
  donorId: number;
  /** The person who gave (for an organisation, the employee who asked); null for a guest's gift. */
  giverId: number | null;
  projectId: number | null;
  charityId: number;
  charityName: string;
  /** The project's title, or the charity's name for a gift straight to it. */
  to: string;
  /** "₹50", "6 hours of volunteering", "3 × Technology: laptops". */
  what: string;
  /** An organisation's match: the employee's gift it answers. */
  matchOf: number | null;
  /** The giver's name as a supporters wall shows it: "Anonymous" for an anonymous gift. */
  giverName: string;
  /** The fundraising page the gift came through, if any. */
  fundraiserId: number | null;
}

/** The name a gift's giver shows under (a person's, a guest's or an organisation's), unless anonymous. */
async function giverNameOf(db: Executor, row: DonationRow): Promise<string> {
  if (row.anonymous) return 'Anonymous';
  // A person's name is read with those of everyone who gave by the same dispatch's gifts.
  if (row.donorType === 'user') {
    const name = await dispatchMemoMany('users.name', row.donorId, {
      keys: (events) => donationsQueries.toldGivers(db, events),
      load: (ids) => usersQueries.names(db, ids),
    });
    return name ?? 'Someone';
  }
  const names =
    row.donorType === 'guest'
      ? await guestsRepository.names(db, [row.donorId])
      : await organisationsQueries.names(db, [row.donorId]);
  return names.get(row.donorId) ?? 'Someone';
}

/** Reads a gift and says it in words; undefined when there is no such gift. */
export async function giftSummary(
  db: Executor,
  id: number,
  currency: string,
): Promise<GiftSummary | undefined> {
  const named = await donationsQueries.told(db, id);
  if (!named) return undefined;
  const row = named.donation;
  const charityName = named.charityName ?? 'a charity';
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    donorType: row.donorType,
    donorId: row.donorId,
    giverId:
      row.donorType === 'guest' ? null : (row.createdBy ?? (row.donorType === 'user' ? row.donorId : null)),
    projectId: row.projectId,
    charityId: row.charityId,
    charityName,
    to: named.projectTitle ?? charityName,
    what: whatWasGiven(
      {
        type: row.type,
        amount: row.amount,
        hours: row.hours,
        confirmed_hours: row.confirmedHours,
        skill_type: row.skillType,
        quantity: row.quantity,
        gift_type: row.giftType,
        description: row.description,
      },
      currency,
    ),
    matchOf: row.matchOf,
    giverName: await giverNameOf(db, row),
    fundraiserId: row.fundraiserId,
  };
}
