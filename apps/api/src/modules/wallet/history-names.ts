import type { HeldGiftState, HistoryItem } from '@kindred/shared';
import type { Executor } from '../../db/client.js';
import { charitiesQueries } from '../charities/index.js';
import { type DonationForHistory, donationsQueries } from '../donations/index.js';
import { type HistoryRow, ledgerQueries } from '../ledger/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';

/* How a wallet's history names its movements (docs/decisions/034): the gift and its project or
   charity, the top-up, the move between organisations; a held gift is one line with its state. */

/** What a page of history needs to name its lines, read in one query per owner module. */
export interface HistoryNames {
  gifts: Map<number, DonationForHistory>;
  settlements: Map<number, string>;
  projects: Map<number, string>;
  charities: Map<number, string>;
  businesses: Map<number, string>;
  people: Map<number, string>;
}

const AWAITING_PLATFORM_REVIEW = 40;

const idOf = (reference: Record<string, unknown>, key: string) => {
  const value = reference[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
};

/** Reads the names a page of history rows needs: a fixed number of queries, whatever the page size. */
export async function historyNames(db: Executor, rows: HistoryRow[]): Promise<HistoryNames> {
  const donationIds = rows.flatMap((row) => (row.donationId === null ? [] : [row.donationId]));
  const heldIds = rows.flatMap((row) =>
    row.kind === 'donation_hold' && row.donationId !== null ? [row.donationId] : [],
  );
  const businessIds = rows.flatMap((row) =>
    row.kind === 'transfer'
      ? [idOf(row.reference, 'from_business_id'), idOf(row.reference, 'to_business_id')].filter(
          (id): id is number => id !== undefined,
        )
      : [],
  );
  const [gifts, settlements, businesses] = await Promise.all([
    donationsQueries.forHistory(db, donationIds),
    ledgerQueries.settlements(db, heldIds),
    organisationsQueries.names(db, businessIds),
  ]);
  const all = [...gifts.values()];
  const [projects, charities, people] = await Promise.all([
    projectsQueries.titles(
      db,
      all.flatMap((gift) => (gift.projectId === null ? [] : [gift.projectId])),
    ),
    charitiesQueries.names(
      db,
      all.map((gift) => gift.charityId),
    ),
    usersQueries.names(
      db,
      all.flatMap((gift) => (gift.matchOfDonorId === null ? [] : [gift.matchOfDonorId])),
    ),
  ]);
  return {
    gifts,
    settlements,
    projects,
    charities: new Map([...charities].map(([id, charity]) => [id, charity.name])),
    businesses,
    people,
  };
}

function giftName(gift: DonationForHistory, names: HistoryNames): string {
  const charity = names.charities.get(gift.charityId) ?? 'a charity';
  const project = gift.projectId === null ? undefined : names.projects.get(gift.projectId);
  const target = project ? `${project} (${charity})` : charity;
  const person = gift.matchOfDonorId === null ? undefined : names.people.get(gift.matchOfDonorId);
  if (gift.matchOfDonorId !== null) return `Match of ${person ?? 'an employee'}’s gift to ${target}`;
  if (gift.subscriptionId !== null) return `Recurring gift to ${target}`;
  return `Gift to ${target}`;
}

/** A gift's line: the gift itself, its money returned, or refunded (docs/product/refunds-and-disputes.md). */
function describeGiftLine(kind: string, name: string): string {
  const lower = `${name.charAt(0).toLowerCase()}${name.slice(1)}`;
  if (kind === 'donation_refund') return `Returned: ${lower}`;
  if (kind === 'refund') return `Refunded: ${lower}`;
  return name;
}

function heldState(row: HistoryRow, gift: DonationForHistory, names: HistoryNames): HeldGiftState | null {
  if (row.kind !== 'donation_hold' || row.account === 'held') return null;
  const settled = names.settlements.get(gift.id);
  if (settled === 'donation_capture') return 'given';
  if (settled === 'donation_release') return 'released';
  return gift.status === AWAITING_PLATFORM_REVIEW ? 'held_review' : 'held_signoff';
}

/** One history line, named. */
export function historyItem(row: HistoryRow, names: HistoryNames): HistoryItem {
  const base = {
    id: row.id,
    transaction_id: row.transactionId,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    account: row.account as HistoryItem['account'],
    amount: row.amount,
    gift: null,
  };
  const gift = row.donationId === null ? undefined : names.gifts.get(row.donationId);
  if (gift) {
    const name = giftName(gift, names);
    const state = heldState(row, gift, names);
    const project = gift.projectId === null ? undefined : names.projects.get(gift.projectId);
    return {
      ...base,
      description: describeGiftLine(row.kind, name),
      // A released gift's money is back: its one line took nothing in the end.
      amount: state === 'released' ? 0 : row.amount,
      gift: {
        donation_id: gift.id,
        project: gift.projectId !== null && project ? { id: gift.projectId, name: project } : null,
        charity: { id: gift.charityId, name: names.charities.get(gift.charityId) ?? '' },
        state,
        held_amount: state === null ? null : Math.abs(row.amount),
      },
    };
  }
  if (row.kind === 'deposit') {
    return {
      ...base,
      description: row.description === 'Direct debit top-up' ? row.description : 'Card top-up',
    };
  }
  if (row.kind === 'transfer') {
    const other = idOf(row.reference, row.amount < 0 ? 'to_business_id' : 'from_business_id');
    const name = other === undefined ? undefined : names.businesses.get(other);
    if (name) return { ...base, description: row.amount < 0 ? `Moved to ${name}` : `Moved from ${name}` };
  }
  return { ...base, description: row.description };
}
