import { TRANSACTION_STATUS } from '@kindred/shared';
import {
  and,
  asc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { insertedRow, insertOne } from '../../db/insert.js';
import { placeholder, prepared, preparedText } from '../../db/prepared.js';
import { dispatchMemoMany } from '../../events/dispatch-memo.js';
import { exactTime, type Keyset, newestFirst } from '../../lib/pagination.js';
import { charitiesForJoins } from '../charities/index.js';
import { projectsForJoins } from '../projects/index.js';
import {
  type DonorType,
  donationHistory,
  donationSignoffs,
  donations,
  type giftAidClaims,
  type giftAidDeclarations,
} from './donations.table.js';

export type DonationRow = typeof donations.$inferSelect;
export interface DonationForHistory {
  id: number;
  status: number;
  projectId: number | null;
  charityId: number;
  subscriptionId: number | null;
  /** The person whose gift this one matches (a match is made for a person's own gift). */
  matchOfDonorId: number | null;
}
export type NewDonation = typeof donations.$inferInsert;
export type HistoryRow = typeof donationHistory.$inferSelect;
export type SignoffRow = typeof donationSignoffs.$inferSelect;
export type DeclarationRow = typeof giftAidDeclarations.$inferSelect;
export type ClaimRow = typeof giftAidClaims.$inferSelect;

/** Filters a donation list may apply (all optional). */
export interface DonationWhere {
  donor?: { type: DonorType; id: number };
  /** Any of these donors of one kind (an organisation and its sub-businesses, or its employees). */
  donors?: { type: DonorType; ids: number[] };
  /** Only matches (true) or only what is not a match (false). */
  matches?: boolean;
  /** Who asked for it (for an organisation's match, the employee whose gift it answers). */
  createdBy?: number;
  charityId?: number;
  projectId?: number;
  /** Given through this fundraising page. */
  fundraiserId?: number;
  method?: number;
  types?: number[];
  statuses?: number[];
  from?: string;
  /** Inclusive: the whole day. */
  to?: string;
}

const { awaitingCharityApproval, approved, completed } = TRANSACTION_STATUS;

/**
 * Statuses that count towards what a project received or was promised: offers of time and goods
 * waiting for the charity (30), and gifts approved or completed (80, 85).
 */
export const COUNTED_STATUSES: number[] = [awaitingCharityApproval, approved, completed];
/** Funds count once given (80, 85). */
export const FUNDS_COUNTED_STATUSES: number[] = [approved, completed];

/** A list of statuses as SQL text, `(30, 80, 85)`: constants of this file, never a caller's input. */
const statusList = (statuses: number[]) => sql.raw(`(${statuses.join(', ')})`);
/** `status in (80, 85)` and `status in (30, 80, 85)` of a status column (or `d.status` in written SQL). */
const fundsCountedOf = (status: SQLWrapper) => sql`${status} in ${statusList(FUNDS_COUNTED_STATUSES)}`;
const countedOf = (status: SQLWrapper) => sql`${status} in ${statusList(COUNTED_STATUSES)}`;
/** Counted statuses of funds (given) and of time and goods (promised or given). */
const FUNDS_COUNTED = fundsCountedOf(donations.status);
const KIND_COUNTED = countedOf(donations.status);

function whereOf(filter: DonationWhere): SQL[] {
  const conditions: SQL[] = [];
  if (filter.donor)
    conditions.push(eq(donations.donorType, filter.donor.type), eq(donations.donorId, filter.donor.id));
  if (filter.donors)
    conditions.push(
      eq(donations.donorType, filter.donors.type),
      filter.donors.ids.length > 0 ? inArray(donations.donorId, filter.donors.ids) : sql`false`,
    );
  if (filter.matches !== undefined)
    conditions.push(filter.matches ? isNotNull(donations.matchOf) : isNull(donations.matchOf));
  if (filter.createdBy !== undefined) conditions.push(eq(donations.createdBy, filter.createdBy));
  if (filter.charityId !== undefined) conditions.push(eq(donations.charityId, filter.charityId));
  if (filter.projectId !== undefined) conditions.push(eq(donations.projectId, filter.projectId));
  if (filter.fundraiserId !== undefined) conditions.push(eq(donations.fundraiserId, filter.fundraiserId));
  if (filter.method !== undefined) conditions.push(eq(donations.method, filter.method));
  if (filter.types) conditions.push(inArray(donations.type, filter.types));
  if (filter.statuses) conditions.push(inArray(donations.status, filter.statuses));
  if (filter.from) conditions.push(gte(donations.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) {
    const end = new Date(`${filter.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(donations.createdAt, end));
  }
  return conditions;
}

/** The columns a new gift is written with (createChecked gives each of them, null where unused). */
const GIFT_COLUMNS = [
  'method',
  'type',
  'status',
  'donorType',
  'donorId',
  'createdBy',
  'projectId',
  'charityId',
  'amount',
  'source',
  'paymentId',
  'hours',
  'date',
  'skillType',
  'giftType',
  'description',
  'quantity',
  'estimatedValue',
  'giftAid',
  'giftAidAmount',
  'giftAidDeclarationId',
  'anonymous',
  'message',
  'subscriptionId',
  'period',
  'matchOf',
  'fundraiserId',
  'createdAt',
  'updatedAt',
] as const satisfies ReadonlyArray<keyof NewDonation>;
export type NewGift = { [K in (typeof GIFT_COLUMNS)[number]]-?: Exclude<NewDonation[K], undefined> };

/**
 * The next receipt number for `year`. The number is taken in a subquery that names the year, so
 * that a statement reading many gifts takes one for each row (a function in FROM would be called
 * once and its answer reused for every row).
 */
const receiptNumber = (year: SQL | Placeholder) =>
  sql<string>`(select 'KR-' || ${year}::text || '-' || lpad(r.n::text, greatest(7, length(r.n::text)), '0') from (select nextval('donation_receipt_seq') as n where ${year}::text is not null) r)`;

/**
 * What a gift written in one call takes while its target is read: its id and its receipt's number
 * (for the year given as `year`), from their sequences (docs/decisions/054-a-gift-in-one-call.md).
 */
const giftNumbers = (year: SQL | Placeholder = sql.placeholder('year')) => ({
  donationId: sql<number>`nextval(pg_get_serial_sequence('donations', 'id'))`.mapWith(Number),
  receiptNumber: receiptNumber(year),
});

// The statements of a gift, built once (db/prepared.ts).
const giftValues = () =>
  Object.fromEntries(
    GIFT_COLUMNS.map((column) => [column, sql.placeholder(column)]),
  ) as unknown as NewDonation;
const insertGift = prepared('donations_insert_gift', (db) =>
  db.insert(donations).values(giftValues()).returning(),
);
/**
 * A gift written at the status it starts in, with its history row (and, approved at once, its
 * receipt number) in the same statement: its id is taken first, for both rows.
 */
const startedGift = (db: Executor, withReceipt: boolean) => {
  const id = db.$with('new_id', {}).as(sql`select nextval(pg_get_serial_sequence('donations', 'id')) as id`);
  const history = db
    .$with('history', {})
    .as(
      sql`insert into ${donationHistory} (donation_id, status, "by", reason, at) select new_id.id, ${sql.placeholder('status')}, ${sql.placeholder('by')}, ${sql.placeholder('reason')}, ${sql.placeholder('createdAt')} from new_id`,
    );
  return db
    .with(id, history)
    .insert(donations)
    .values({
      ...giftValues(),
      id: sql`(select id from new_id)`,
      ...(withReceipt ? { receiptNumber: receiptNumber(sql.placeholder('year')) } : {}),
    })
    .returning();
};
const insertStarted = prepared('donations_insert_started', (db) => startedGift(db, false));
const insertStartedWithReceipt = prepared('donations_insert_started_receipt', (db) => startedGift(db, true));
/** A status change's history row, written by the same statement as the change (a CTE). */
const historyOfChange = (db: Executor) =>
  db
    .$with('history', {})
    .as(
      sql`insert into ${donationHistory} (donation_id, status, "by", reason, at) values (${sql.placeholder('id')}, ${sql.placeholder('status')}, ${sql.placeholder('by')}, ${sql.placeholder('reason')}, ${sql.placeholder('updatedAt')})`,
    );
const setStatus = prepared('donations_set_status', (db) =>
  db
    .with(historyOfChange(db))
    .update(donations)
    .set({ status: placeholder<number>('status'), updatedAt: placeholder<Date>('updatedAt') })
    .where(eq(donations.id, sql.placeholder('id')))
    .returning(),
);
const setStatusWithReceipt = prepared('donations_set_status_receipt', (db) =>
  db
    .with(historyOfChange(db))
    .update(donations)
    .set({
      status: placeholder<number>('status'),
      updatedAt: placeholder<Date>('updatedAt'),
      receiptNumber: receiptNumber(sql.placeholder('year')),
    })
    .where(eq(donations.id, sql.placeholder('id')))
    .returning(),
);
const insertHistory = prepared('donations_insert_history', (db) =>
  db.insert(donationHistory).values({
    donationId: sql.placeholder('donationId'),
    status: sql.placeholder('status'),
    by: sql.placeholder('by'),
    reason: sql.placeholder('reason'),
    at: sql.placeholder('at'),
  }),
);

/** A donation by id: read by every listener of a gift's events, built once. */
const findDonation = prepared('donations_find', (db) =>
  db
    .select()
    .from(donations)
    .where(eq(donations.id, sql.placeholder('id'))),
);

/** Donations with their projects' titles and charities' names, as their listeners tell of them: built once. */
const findNamed = prepared('donations_find_named', (db) =>
  db
    .select({
      donation: donations,
      projectTitle: projectsForJoins.title,
      charityName: charitiesForJoins.name,
    })
    .from(donations)
    .leftJoin(projectsForJoins, eq(projectsForJoins.id, donations.projectId))
    .leftJoin(charitiesForJoins, eq(charitiesForJoins.id, donations.charityId))
    .where(sql`${donations.id} = any(${sql.placeholder('ids')}::bigint[])`),
);

/**
 * A gift of funds' project with its charity, in one statement and without a lock on the project
 * (docs/product/donations.md#the-order-a-gift-takes-its-locks).
 */
const giftTarget = prepared('donations_gift_target', (db) =>
  db
    .select({ project: projectsForJoins, charity: charitiesForJoins })
    .from(projectsForJoins)
    .leftJoin(charitiesForJoins, eq(charitiesForJoins.id, projectsForJoins.charityId))
    .where(eq(projectsForJoins.id, sql.placeholder('id'))),
);

/**
 * The same read for a gift written in one call (`gift_write`), which also takes the gift's id and
 * its receipt's number from their sequences: the rows of the gift are built before they are written
 * (docs/decisions/054-a-gift-in-one-call.md).
 */
const giftTargetWithNumbers = prepared('donations_gift_target_numbers', (db) =>
  db
    .select({
      n: sql<number>`t.n`.mapWith(Number),
      project: projectsForJoins,
      charity: charitiesForJoins,
      // Each row takes its own numbers: the receipt's read names the row's year.
      ...giftNumbers(sql`t.year`),
    })
    .from(
      sql`unnest(${sql.placeholder('ids')}::bigint[], ${sql.placeholder('years')}::int[]) with ordinality as t(id, year, n)`,
    )
    .innerJoin(projectsForJoins, sql`${projectsForJoins.id} = t.id`)
    .leftJoin(charitiesForJoins, eq(charitiesForJoins.id, projectsForJoins.charityId))
    .orderBy(sql`t.n`),
);

/** The same for a gift straight to a charity: the charity, with the gift's id and receipt number. */
const charityTargetWithNumbers = prepared('donations_charity_target_numbers', (db) =>
  db
    .select({ charity: charitiesForJoins, ...giftNumbers() })
    .from(charitiesForJoins)
    .where(eq(charitiesForJoins.id, sql.placeholder('id'))),
);

/** The gifts a dispatch's events name (their `donation_id`). */
const giftsNamedBy = (events: ReadonlyArray<Record<string, unknown>>) =>
  events.flatMap((data) => (typeof data.donation_id === 'number' ? [data.donation_id] : []));

/** A gift written whole: the database's `gift_write` (migration 0036). */
const writeGift = preparedText<{ written: { made: unknown } | { kept: KeptAnswer } }>(
  'donations_gift_write',
  'select gift_write($1::jsonb) as written',
);

/** Gifts written whole together: the database's `gifts_write` (migration 0037). */
const writeGifts = preparedText<{ written: (GiftWritten | { alone: true })[] }>(
  'donations_gifts_write',
  'select gifts_write($1::jsonb) as written',
);

/** What `gift_write` answers for a gift: its answer, or what its key already held. */
export type GiftWritten = { made: unknown } | { kept: KeptAnswer };

/** What an Idempotency-Key held when `gift_write` found it taken. */
export interface KeptAnswer {
  request_hash: string;
  status_code: number | null;
  response: unknown;
}

/** A donation row as its table's columns name its fields, for a database call that inserts it whole. */
function columnsOf(row: DonationRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(getTableColumns(donations)).map(([field, column]) => {
      const value = row[field as keyof DonationRow];
      return [column.name, value instanceof Date ? value.toISOString() : value];
    }),
  );
}

export const donationsRepository = {
  /**
   * The projects of gifts of funds, each with its charity and the id and receipt number of the gift
   * to write in one call (taken whether or not it is written: an unused one is a gap, as a
   * rolled-back gift's is), in one statement, in the gifts' order (undefined for a project not found).
   */
  async giftTargetsWithNumbers(db: Executor, gifts: Array<{ projectId: number; receiptYear: number }>) {
    const rows = await giftTargetWithNumbers(db, {
      ids: gifts.map((gift) => gift.projectId),
      years: gifts.map((gift) => gift.receiptYear),
    });
    const byPlace = new Map(rows.map(({ n, ...row }) => [n, row]));
    return gifts.map((_, i) => byPlace.get(i + 1));
  },

  /** The same for a gift straight to a charity. */
  async charityTargetWithNumbers(db: Executor, charityId: number, receiptYear: number) {
    const [row] = await charityTargetWithNumbers(db, { id: charityId, year: String(receiptYear) });
    return row;
  },

  /**
   * Writes a gift approved at once whole, in one call (its own transaction): `gift` holds its rows
   * as built, `donation` its row. Answers the gift's answer, or what its key already held.
   */
  async writeGift(
    db: Executor,
    gift: Record<string, unknown> & { donation: DonationRow },
  ): Promise<GiftWritten> {
    const [row] = await writeGift(db, [JSON.stringify({ ...gift, donation: columnsOf(gift.donation) })]);
    if (!row) throw new Error('gift_write answered nothing');
    return row.written;
  },

  /**
   * Writes gifts approved at once together, in one call (one transaction;
   * docs/decisions/055-gifts-written-together.md): each answers as `writeGift` does, or "alone"
   * for one to write by itself (its project no longer live, an account the gifts would overdraw
   * together). A failure leaves none of them written.
   */
  async writeGifts(
    db: Executor,
    gifts: (Record<string, unknown> & { donation: DonationRow })[],
    at: Date,
  ): Promise<(GiftWritten | { alone: true })[]> {
    const call = { at, gifts: gifts.map((gift) => ({ ...gift, donation: columnsOf(gift.donation) })) };
    const [row] = await writeGifts(db, [JSON.stringify(call)]);
    if (!row || row.written.length !== gifts.length)
      throw new Error('gifts_write answered another number of gifts');
    return row.written;
  },

  /** A gift of funds' project and its charity (none for a project of no charity), unlocked. */
  async giftTarget(db: Executor, projectId: number) {
    const [row] = await giftTarget(db, { id: projectId });
    return row;
  },

  /** Guests' gifts become the person's who signed in with their email verified; answers how many. */
  async giveGuestsGiftsTo(tx: Executor, guestIds: number[], userId: number, at: Date): Promise<number> {
    if (guestIds.length === 0) return 0;
    const moved = await tx
      .update(donations)
      .set({ donorType: 'user', donorId: userId, updatedAt: at })
      .where(and(eq(donations.donorType, 'guest'), inArray(donations.donorId, guestIds)))
      .returning({ id: donations.id });
    return moved.length;
  },

  async insert(db: Executor, values: NewDonation): Promise<DonationRow> {
    return insertOne(db, donations, values);
  },

  /** A new gift as the give call writes it (every column given): one statement built once. */
  async insertGift(db: Executor, values: NewGift): Promise<DonationRow> {
    return insertedRow(await insertGift(db, values));
  },

  /**
   * A new gift at the status it starts in, with its history row, in one statement; with
   * `receiptYear` (approved at once) its receipt number too.
   */
  async insertStarted(
    db: Executor,
    values: NewGift,
    history: { by: number | null; reason: string | null },
    receiptYear?: number,
  ): Promise<DonationRow> {
    return insertedRow(
      receiptYear === undefined
        ? await insertStarted(db, { ...values, ...history })
        : await insertStartedWithReceipt(db, { ...values, ...history, year: String(receiptYear) }),
    );
  },

  /**
   * A donation's change of status with its history row, in one statement. With `receiptYear`, the
   * same statement gives it the next receipt number ("KR-<year>-<at least 7 digits>" from
   * donation_receipt_seq).
   */
  async setStatus(
    db: Executor,
    id: number,
    change: { status: number; updatedAt: Date; by: number | null; reason: string | null },
    receiptYear?: number,
  ): Promise<DonationRow> {
    const [row] =
      receiptYear === undefined
        ? await setStatus(db, { id, ...change })
        : await setStatusWithReceipt(db, { id, ...change, year: String(receiptYear) });
    if (!row) throw new Error(`donation ${id} vanished`);
    return row;
  },

  /** Changes a donation. */
  async update(db: Executor, id: number, values: Partial<NewDonation>): Promise<DonationRow> {
    const [row] = await db.update(donations).set(values).where(eq(donations.id, id)).returning();
    if (!row) throw new Error(`donation ${id} vanished`);
    return row;
  },

  async find(db: Executor, id: number): Promise<DonationRow | undefined> {
    const [row] = await findDonation(db, { id });
    return row;
  },

  /**
   * Gifts with their projects' titles and their charities' names, by id, in one statement (a gift
   * not found is left out).
   */
  async findNamedMany(db: Executor, ids: number[]) {
    const rows = ids.length === 0 ? [] : await findNamed(db, { ids });
    return new Map(rows.map((row) => [row.donation.id, row]));
  },

  /** The organisations' matches of a gift, locked (a refund of the gift reduces them). */
  lockMatchesOf(db: Executor, giftId: number): Promise<DonationRow[]> {
    return db
      .select()
      .from(donations)
      .where(eq(donations.matchOf, giftId))
      .orderBy(asc(donations.id))
      .for('update');
  },

  /** The donations, locked in id order until the transaction ends (bulk actions serialise). */
  async lock(db: Executor, ids: number[]): Promise<DonationRow[]> {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(donations)
      .where(inArray(donations.id, ids))
      .orderBy(asc(donations.id))
      .for('update');
  },

  /** Undelivered donations of a project, locked (cancelling or completing it settles each one). */
  async lockOpenOfProject(db: Executor, projectId: number): Promise<DonationRow[]> {
    return db
      .select()
      .from(donations)
      .where(and(eq(donations.projectId, projectId), inArray(donations.status, [20, 30, 40, 80])))
      .orderBy(asc(donations.id))
      .for('update');
  },

  async addHistory(
    db: Executor,
    values: Required<
      Pick<typeof donationHistory.$inferInsert, 'donationId' | 'status' | 'by' | 'reason' | 'at'>
    >,
  ): Promise<void> {
    await insertHistory(db, values);
  },

  async history(db: Executor, donationIds: number[]): Promise<Map<number, HistoryRow[]>> {
    const map = new Map<number, HistoryRow[]>();
    if (donationIds.length === 0) return map;
    const rows = await db
      .select()
      .from(donationHistory)
      .where(inArray(donationHistory.donationId, donationIds))
      .orderBy(asc(donationHistory.at), asc(donationHistory.id));
    for (const row of rows) {
      const list = map.get(row.donationId) ?? [];
      list.push(row);
      map.set(row.donationId, list);
    }
    return map;
  },

  /**
   * Records a sign-off admin's approval for the donation as it is now (amount and recipient); an
   * earlier approval by the same person, for what the donation was then, is replaced.
   */
  async addSignoff(db: Executor, values: SignoffRow): Promise<void> {
    await db
      .insert(donationSignoffs)
      .values(values)
      .onConflictDoUpdate({
        target: [donationSignoffs.donationId, donationSignoffs.userId],
        set: {
          amount: values.amount,
          charityId: values.charityId,
          projectId: values.projectId,
          at: values.at,
        },
      });
  },

  /** The sign-off approvals of these donations, oldest first. */
  async signoffs(db: Executor, donationIds: number[]): Promise<Map<number, SignoffRow[]>> {
    const map = new Map<number, SignoffRow[]>();
    if (donationIds.length === 0) return map;
    const rows = await db
      .select()
      .from(donationSignoffs)
      .where(inArray(donationSignoffs.donationId, donationIds))
      .orderBy(asc(donationSignoffs.at), asc(donationSignoffs.userId));
    for (const row of rows) map.set(row.donationId, [...(map.get(row.donationId) ?? []), row]);
    return map;
  },

  /**
   * Claims the donations waiting for an organisation's sign-off since before `cutoff` whose sign-off
   * admins were not reminded since then, stamping them: each is reminded once, whichever process asks.
   */
  async claimSignoffReminders(db: Executor, cutoff: Date, now: Date, limit = 200): Promise<DonationRow[]> {
    const due = and(
      eq(donations.status, 20),
      lte(donations.createdAt, cutoff),
      or(isNull(donations.signoffRemindedAt), lte(donations.signoffRemindedAt, cutoff)),
    );
    const ids = db
      .select({ id: donations.id })
      .from(donations)
      .where(due)
      .orderBy(asc(donations.id))
      .limit(limit);
    return db
      .update(donations)
      .set({ signoffRemindedAt: now })
      .where(and(inArray(donations.id, ids), due))
      .returning();
  },

  /** Newest first, keyset paged. */
  async list(db: Executor, filter: DonationWhere, page: Keyset) {
    const { conditions, order } = newestFirst(donations.createdAt, donations.id, page.cursor, page.before);
    return db
      .select({ donation: donations, at: exactTime(donations.createdAt) })
      .from(donations)
      .where(and(...whereOf(filter), ...conditions))
      .orderBy(...order)
      .limit(page.limit + 1);
  },

  /** Hours promised to a project of one kind (and skill), not declined. */
  async pledgedHours(db: Executor, projectId: number, type: number, skillType?: number): Promise<number> {
    const [row] = await db
      .select({
        hours: sql<string>`coalesce(sum(coalesce(${donations.confirmedHours}, ${donations.hours})), 0)`,
      })
      .from(donations)
      .where(
        and(
          eq(donations.projectId, projectId),
          eq(donations.type, type),
          inArray(donations.status, COUNTED_STATUSES),
          skillType === undefined ? undefined : eq(donations.skillType, skillType),
        ),
      );
    return Number(row?.hours ?? 0);
  },

  /** Totals of donations by month (YYYY-MM) for statistics. */
  async totals(db: Executor, filter: DonationWhere) {
    const month = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const funds = sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${donations.type} = 2 and ${FUNDS_COUNTED}), 0)`;
    const giftAid = sql<string>`coalesce(sum(${donations.giftAidAmount}) filter (where ${donations.type} = 2 and ${FUNDS_COUNTED}), 0)`;
    const hoursOf = (type: number) =>
      sql<string>`coalesce(sum(coalesce(${donations.confirmedHours}, ${donations.hours})) filter (where ${donations.type} = ${type} and ${KIND_COUNTED}), 0)`;
    const gifts = sql<string>`coalesce(sum(${donations.quantity}) filter (where ${donations.type} = 5 and ${KIND_COUNTED}), 0)`;
    const giftsValue = sql<string>`coalesce(sum(${donations.estimatedValue}) filter (where ${donations.type} = 5 and ${KIND_COUNTED}), 0)`;
    const rows = await db
      .select({
        month,
        funds,
        giftAid,
        volunteering: hoursOf(3),
        skilled: hoursOf(4),
        gifts,
        giftsValue,
      })
      .from(donations)
      .where(and(...whereOf(filter)))
      .groupBy(month)
      .orderBy(month);
    return rows.map((row) => ({
      month: row.month,
      funds: Number(row.funds),
      giftAid: Number(row.giftAid),
      volunteering: Number(row.volunteering),
      skilled: Number(row.skilled),
      gifts: Number(row.gifts),
      giftsValue: Number(row.giftsValue),
    }));
  },

  /** How many projects, charities and donors the counted donations reached, and how many wait. */
  async reach(db: Executor, filter: DonationWhere) {
    const [row] = await db
      .select({
        projects: sql<string>`count(distinct ${donations.projectId}) filter (where ${KIND_COUNTED})`,
        charities: sql<string>`count(distinct ${donations.charityId}) filter (where ${KIND_COUNTED})`,
        donors: sql<string>`count(distinct (${donations.donorType}, ${donations.donorId})) filter (where ${KIND_COUNTED})`,
        waiting: sql<string>`count(*) filter (where ${donations.status} = 30)`,
      })
      .from(donations)
      .where(and(...whereOf(filter)));
    return {
      projects: Number(row?.projects ?? 0),
      charities: Number(row?.charities ?? 0),
      donors: Number(row?.donors ?? 0),
      waiting: Number(row?.waiting ?? 0),
    };
  },

  /** Supporters of a project who gave time, skills or gifts and no funds, most recent first. */
  async withoutFunds(db: Executor, projectId: number, page: Keyset) {
    const lastAt = sql<string>`to_char(max(${donations.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    const donorKey = sql`(${donations.donorType}, ${donations.donorId})`;
    const cursorCondition = page.cursor
      ? page.before
        ? sql`(max(${donations.createdAt}), min(${donations.id})) > (${String(page.cursor[0])}::timestamptz, ${Number(page.cursor[1])})`
        : sql`(max(${donations.createdAt}), min(${donations.id})) < (${String(page.cursor[0])}::timestamptz, ${Number(page.cursor[1])})`
      : undefined;
    const direction = page.before ? sql`asc` : sql`desc`;
    return db
      .select({
        donorType: donations.donorType,
        donorId: donations.donorId,
        types: sql<number[]>`array_agg(distinct ${donations.type})`,
        hours: sql<string>`coalesce(sum(coalesce(${donations.confirmedHours}, ${donations.hours})), 0)`,
        gifts: sql<string>`coalesce(sum(${donations.quantity}), 0)`,
        lastAt,
        firstId: sql<number>`min(${donations.id})`,
      })
      .from(donations)
      .where(and(eq(donations.projectId, projectId), inArray(donations.status, COUNTED_STATUSES)))
      .groupBy(donations.donorType, donations.donorId)
      .having(and(sql`bool_and(${donations.type} <> 2)`, cursorCondition, sql`${donorKey} is not null`))
      .orderBy(sql`max(${donations.createdAt}) ${direction}`, sql`min(${donations.id}) ${direction}`)
      .limit(page.limit + 1);
  },

  /** Donations waiting for the platform: 40, and direct donations at 80 not yet paid out. */
  async listQueue(db: Executor, page: Keyset) {
    const { conditions, order } = newestFirst(donations.createdAt, donations.id, page.cursor, page.before);
    return db
      .select({ donation: donations, at: exactTime(donations.createdAt) })
      .from(donations)
      .where(
        and(
          or(
            eq(donations.status, 40),
            and(eq(donations.status, 80), eq(donations.method, 2), eq(donations.type, 2)),
          ),
          ...conditions,
        ),
      )
      .orderBy(...order)
      .limit(page.limit + 1);
  },
};

/** A person's time in something (a group): their giving from `from` until `to` (open when null). */
export interface GivingPeriod {
  /** What the period counts towards (a group's id). */
  key: number;
  userId: number;
  from: Date;
  to: Date | null;
}

/** What people gave: funds given (80, 85), hours and gifts promised or given (30, 80, 85). */
export interface GivingTotals {
  funds: number;
  volunteering: number;
  skilled: number;
  gifts: number;
  giftsValue: number;
}

const givenD = fundsCountedOf(sql.raw('d.status'));
const countedD = countedOf(sql.raw('d.status'));
const givingColumns = sql`
  coalesce(sum(d.amount - d.refunded_amount) filter (where d.type = 2 and ${givenD}), 0) as funds,
  coalesce(sum(coalesce(d.confirmed_hours, d.hours)) filter (where d.type = 3 and ${countedD}), 0) as volunteering,
  coalesce(sum(coalesce(d.confirmed_hours, d.hours)) filter (where d.type = 4 and ${countedD}), 0) as skilled,
  coalesce(sum(d.quantity) filter (where d.type = 5 and ${countedD}), 0) as gifts,
  coalesce(sum(d.estimated_value) filter (where d.type = 5 and ${countedD}), 0) as gifts_value`;

type GivingRow = Record<'funds' | 'volunteering' | 'skilled' | 'gifts' | 'gifts_value', string | number>;
const totalsOf = (row: GivingRow): GivingTotals => ({
  funds: Number(row.funds),
  volunteering: Number(row.volunteering),
  skilled: Number(row.skilled),
  gifts: Number(row.gifts),
  giftsValue: Number(row.gifts_value),
});

/** The periods as a table `p(key, user_id, from_at, to_at)` to join donations on. */
function periodsTable(periods: GivingPeriod[]) {
  const rows = periods.map(
    (p) =>
      sql`(${p.key}::bigint, ${p.userId}::bigint, ${p.from.toISOString()}::timestamptz, ${p.to?.toISOString() ?? null}::timestamptz)`,
  );
  return sql`(values ${sql.join(rows, sql`, `)}) as p(key, user_id, from_at, to_at)`;
}
const inPeriod = sql`d.donor_type = 'user' and d.donor_id = p.user_id and d.created_at >= p.from_at
  and (p.to_at is null or d.created_at < p.to_at)`;

/** What other modules ask of the donations (decision 010). */
/** The gift a match was made for. */
const matched = alias(donations, 'matched');

export const donationsQueries = {
  /**
   * What a wallet's history says of the gifts its movements belong to (docs/decisions/034): the
   * project and charity, whether it repeats, and whose gift a match was made for. One query a page.
   */
  async forHistory(db: Executor, ids: number[]) {
    if (ids.length === 0) return new Map<number, DonationForHistory>();
    const rows = await db
      .select({
        id: donations.id,
        status: donations.status,
        projectId: donations.projectId,
        charityId: donations.charityId,
        subscriptionId: donations.subscriptionId,
        matchOfDonorId: matched.donorId,
      })
      .from(donations)
      .leftJoin(matched, eq(matched.id, donations.matchOf))
      .where(inArray(donations.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /**
   * A person's own giving (not an organisation's) during each period, summed per key and person:
   * a group's statistics count its members' giving while they were members.
   */
  async givingInPeriods(db: Executor, periods: GivingPeriod[]) {
    if (periods.length === 0) return [];
    const result = await db.execute(
      sql`select p.key, p.user_id, ${givingColumns}
          from ${periodsTable(periods)} join ${donations} d on ${inPeriod}
          group by p.key, p.user_id`,
    );
    return (result as unknown as { rows: Array<GivingRow & { key: string; user_id: string }> }).rows.map(
      (row) => ({ key: Number(row.key), userId: Number(row.user_id), ...totalsOf(row) }),
    );
  },

  /** The same giving summed per key and month (YYYY-MM), oldest month first. */
  async givingInPeriodsByMonth(db: Executor, periods: GivingPeriod[]) {
    if (periods.length === 0) return [];
    const result = await db.execute(
      sql`select p.key, to_char(d.created_at at time zone 'UTC', 'YYYY-MM') as month, ${givingColumns}
          from ${periodsTable(periods)} join ${donations} d on ${inPeriod}
          group by p.key, month order by month`,
    );
    return (result as unknown as { rows: Array<GivingRow & { key: string; month: string }> }).rows.map(
      (row) => ({ key: Number(row.key), month: row.month, ...totalsOf(row) }),
    );
  },

  /**
   * By day of creation, donations that were not cancelled or rejected (status 90): how many of
   * every kind, the Gift Aid of approved and completed funds donations, volunteering and skilled
   * hours, and gift items.
   */
  async daily(db: Executor) {
    const day = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        day,
        count: sql<string>`count(*)`,
        giftAid: sql<string>`coalesce(sum(${donations.giftAidAmount}) filter (where ${FUNDS_COUNTED}), 0)`,
        volunteering: sql<string>`coalesce(sum(${donations.hours}) filter (where ${donations.type} = 3), 0)`,
        skilled: sql<string>`coalesce(sum(${donations.hours}) filter (where ${donations.type} = 4), 0)`,
        gifts: sql<string>`coalesce(sum(${donations.quantity}) filter (where ${donations.type} = 5), 0)`,
      })
      .from(donations)
      .where(ne(donations.status, 90))
      .groupBy(day);
    return rows.map((row) => ({
      day: row.day,
      count: Number(row.count),
      giftAid: Number(row.giftAid),
      volunteering: Number(row.volunteering),
      skilled: Number(row.skilled),
      gifts: Number(row.gifts),
    }));
  },

  /** What a person gave themself (not cancelled): donations, funds approved or completed, hours, gifts. */
  async givingOfUser(db: Executor, userId: number) {
    const [row] = await db
      .select({
        count: sql<string>`count(*)`,
        funds: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${donations.type} = 2 and ${FUNDS_COUNTED}), 0)`,
        hours: sql<string>`coalesce(sum(${donations.hours}) filter (where ${donations.type} in (3, 4)), 0)`,
        gifts: sql<string>`coalesce(sum(${donations.quantity}) filter (where ${donations.type} = 5), 0)`,
      })
      .from(donations)
      .where(and(eq(donations.donorType, 'user'), eq(donations.donorId, userId), ne(donations.status, 90)));
    return {
      donations: Number(row?.count ?? 0),
      funds: Number(row?.funds ?? 0),
      hours: Number(row?.hours ?? 0),
      gifts: Number(row?.gifts ?? 0),
    };
  },

  /** A person's own donations for their data export (at most the newest 5000). */
  ofUser(db: Executor, userId: number) {
    return db
      .select()
      .from(donations)
      .where(and(eq(donations.donorType, 'user'), eq(donations.donorId, userId)))
      .orderBy(sql`${donations.createdAt} desc`)
      .limit(5000);
  },

  /** Newest first, keyset paged (one more row than the limit, for toPage). */
  list: (db: Executor, filter: DonationWhere, page: Keyset) => donationsRepository.list(db, filter, page),
  totals: (db: Executor, filter: DonationWhere) => donationsRepository.totals(db, filter),
  reach: (db: Executor, filter: DonationWhere) => donationsRepository.reach(db, filter),
  find: (db: Executor, id: number) => donationsRepository.find(db, id),
  /**
   * A gift with its project's title and its charity's name, as its event's listeners read it: once
   * for every listener of one dispatch, and with every gift the dispatch's events name
   * (events/dispatch-memo.ts), so the matching, the notifications and the webhooks of a batch of
   * gifts share one read.
   */
  told: (db: Executor, id: number) =>
    dispatchMemoMany('donations.told', id, {
      keys: giftsNamedBy,
      load: (ids) => donationsRepository.findNamedMany(db, ids),
    }),

  /**
   * The people who gave the gifts a dispatch's events name, themselves (read with `told`): whose
   * names or organisations its listeners read together (events/dispatch-memo.ts).
   */
  async toldGivers(db: Executor, events: ReadonlyArray<Record<string, unknown>>): Promise<number[]> {
    const gifts = await Promise.all(giftsNamedBy(events).map((id) => donationsQueries.told(db, id)));
    return gifts.flatMap((told) => (told?.donation.donorType === 'user' ? [told.donation.donorId] : []));
  },

  /** The people who gave to a project, themselves or as the employee who asked for an organisation. */
  async giverIdsOfProject(db: Executor, projectId: number): Promise<number[]> {
    const rows = await db
      .selectDistinct({ id: donations.createdBy })
      .from(donations)
      .where(
        and(
          eq(donations.projectId, projectId),
          ne(donations.donorType, 'guest'),
          isNotNull(donations.createdBy),
        ),
      );
    return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  },

  /**
   * An organisation's matches made from `from` (inclusive) to `to` (exclusive) and not rejected: in
   * all, and for one employee when `employeeId` is given (the employee whose gift each answers).
   */
  async matchedSum(db: Executor, businessId: number, from: Date, to: Date, employeeId?: number) {
    const [row] = await db
      .select({
        total: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}), 0)`,
        count: sql<string>`count(*)`,
      })
      .from(donations)
      .where(
        and(
          eq(donations.donorType, 'business'),
          eq(donations.donorId, businessId),
          isNotNull(donations.matchOf),
          ne(donations.status, 90),
          gte(donations.createdAt, from),
          lt(donations.createdAt, to),
          employeeId === undefined ? undefined : eq(donations.createdBy, employeeId),
        ),
      );
    return { total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) };
  },

  /** Whether the organisation has already matched this gift (a handler run twice makes one match). */
  async matched(db: Executor, businessId: number, giftId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: donations.id })
      .from(donations)
      .where(
        and(
          eq(donations.donorType, 'business'),
          eq(donations.donorId, businessId),
          eq(donations.matchOf, giftId),
        ),
      )
      .limit(1);
    return row !== undefined;
  },

  /** The employees' gifts these matches answer, by id. */
  /**
   * A charity's delivered gifts of funds (85) with what is left of each, oldest delivered first: what
   * its payouts pay, in that order.
   */
  deliveredOf(db: Executor, charityId: number) {
    return db
      .select({ id: donations.id, left: sql<string>`${donations.amount} - ${donations.refundedAmount}` })
      .from(donations)
      .where(
        and(
          eq(donations.charityId, charityId),
          eq(donations.type, 2),
          eq(donations.status, TRANSACTION_STATUS.completed),
          sql`${donations.amount} > ${donations.refundedAmount}`,
        ),
      )
      .orderBy(asc(donations.updatedAt), asc(donations.id));
  },

  /** What a charity and its projects received each month (gifts of funds, as given) since a day. */
  async receivedByMonth(db: Executor, charityId: number, since: Date): Promise<Map<string, number>> {
    const month = sql<string>`to_char(${donations.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const rows = await db
      .select({ month, total: sql<string>`coalesce(sum(${donations.amount}), 0)` })
      .from(donations)
      .where(
        and(
          eq(donations.charityId, charityId),
          eq(donations.type, 2),
          sql`(${donations.status} in (80, 85) or ${donations.refundedAmount} > 0)`,
          gte(donations.createdAt, since),
        ),
      )
      .groupBy(month);
    return new Map(rows.map((row) => [row.month, Number(row.total)]));
  },

  async byIds(db: Executor, ids: number[]): Promise<Map<number, DonationRow>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select()
      .from(donations)
      .where(inArray(donations.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, row]));
  },

  /** Counted donations grouped by charity or project, most funds first. */
  async groups(db: Executor, filter: DonationWhere, by: 'charity' | 'project') {
    const key = by === 'charity' ? donations.charityId : donations.projectId;
    const rows = await db
      .select({
        id: key,
        charityId: sql<number>`min(${donations.charityId})`,
        funds: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${donations.type} = 2 and ${FUNDS_COUNTED}), 0)`,
        hours: sql<string>`coalesce(sum(coalesce(${donations.confirmedHours}, ${donations.hours})) filter (where ${donations.type} in (3, 4) and ${KIND_COUNTED}), 0)`,
        gifts: sql<string>`coalesce(sum(${donations.quantity}) filter (where ${donations.type} = 5 and ${KIND_COUNTED}), 0)`,
        count: sql<string>`count(*)`,
      })
      .from(donations)
      .where(
        and(
          ...whereOf(filter),
          inArray(donations.status, COUNTED_STATUSES),
          by === 'project' ? isNotNull(donations.projectId) : undefined,
        ),
      )
      .groupBy(key)
      .orderBy(sql`4 desc`, key)
      .limit(500);
    return rows.map((row) => ({
      id: Number(row.id),
      charityId: Number(row.charityId),
      funds: Number(row.funds),
      hours: Number(row.hours),
      gifts: Number(row.gifts),
      count: Number(row.count),
    }));
  },

  /** Counted donations by kind of giving: how many, their funds and their hours. */
  async byType(db: Executor, filter: DonationWhere) {
    const rows = await db
      .select({
        type: donations.type,
        count: sql<string>`count(*)`,
        amount: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${donations.type} = 2), 0)`,
        hours: sql<string>`coalesce(sum(coalesce(${donations.confirmedHours}, ${donations.hours})), 0)`,
      })
      .from(donations)
      .where(and(...whereOf(filter), inArray(donations.status, COUNTED_STATUSES)))
      .groupBy(donations.type)
      .orderBy(donations.type);
    return rows.map((row) => ({
      type: row.type,
      count: Number(row.count),
      amount: row.type === 2 ? Number(row.amount) : 0,
      hours: row.type === 3 || row.type === 4 ? Number(row.hours) : 0,
    }));
  },

  /** How many donations wait for sign-off and how many were rejected. */
  async statusCounts(db: Executor, filter: DonationWhere) {
    const [row] = await db
      .select({
        waiting: sql<string>`count(*) filter (where ${donations.status} = 20)`,
        rejected: sql<string>`count(*) filter (where ${donations.status} = 90)`,
        matched: sql<string>`coalesce(sum(${donations.amount} - ${donations.refundedAmount}) filter (where ${donations.matchOf} is not null and ${FUNDS_COUNTED}), 0)`,
      })
      .from(donations)
      .where(and(...whereOf(filter)));
    return {
      waiting: Number(row?.waiting ?? 0),
      rejected: Number(row?.rejected ?? 0),
      matched: Number(row?.matched ?? 0),
    };
  },
};
