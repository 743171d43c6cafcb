import { and, asc, eq, gt, ilike, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstWhere, stampedWrites, updateOne } from '../../db/insert.js';
import { newestRows } from '../../db/pages.js';
import { prepared } from '../../db/prepared.js';
import { matchesWords, WORD_SEARCH_CANDIDATES, wordPrefixQuery } from '../../db/word-search.js';
import type { Keyset } from '../../lib/pagination.js';
import { likePattern } from '../../lib/text.js';
import { fullName, loginFailures, userCodes, users } from './users.table.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type CodePurpose = (typeof userCodes.$inferInsert)['purpose'];

const sessionRow = prepared('users_session', (db) =>
  db
    .select({
      id: users.id,
      isIicAdmin: users.isIicAdmin,
      adminType: users.adminType,
      tokenVersion: users.tokenVersion,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
      deactivatedAt: users.deactivatedAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id'))),
);

/** SQL for users and their single-use codes. Every method takes the executor it runs in. */
export const usersRepository = {
  async findById(db: Executor, id: number): Promise<UserRow | undefined> {
    return firstWhere(db, users, eq(users.id, id));
  },

  /** What the sign-in check of every request needs of a person: 9 columns, not the whole row. */
  /** The sign-in check of every authenticated call: who the token's person is now (a statement built once). */
  async findSession(db: Executor, id: number) {
    const [row] = await sessionRow(db, { id });
    return row;
  },

  async findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    return firstWhere(
      db,
      users,
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)),
    );
  },

  async emailTaken(db: Executor, email: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
    return row !== undefined;
  },

  ...stampedWrites(users),

  /** Bumps the token version so every token issued before stops working. */
  async revokeTokens(db: Executor, id: number, now: Date): Promise<UserRow> {
    return updateOne(db, users, id, { tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now });
  },

  async insertCode(
    db: Executor,
    userId: number,
    purpose: CodePurpose,
    codeHash: string,
    expiresAt: Date,
    now: Date,
  ) {
    await db.insert(userCodes).values({ userId, purpose, codeHash, expiresAt, createdAt: now });
  },

  /** Marks an unused, unexpired code used and answers its user id; undefined when none matches. */
  async consumeCode(
    db: Executor,
    purpose: CodePurpose,
    codeHash: string,
    now: Date,
  ): Promise<number | undefined> {
    const [row] = await db
      .update(userCodes)
      .set({ usedAt: now })
      .where(
        and(
          eq(userCodes.codeHash, codeHash),
          eq(userCodes.purpose, purpose),
          isNull(userCodes.usedAt),
          gt(userCodes.expiresAt, now),
        ),
      )
      .returning({ userId: userCodes.userId });
    return row?.userId;
  },

  async findCode(db: Executor, codeHash: string) {
    return firstWhere(db, userCodes, eq(userCodes.codeHash, codeHash));
  },

  async invalidateCodes(db: Executor, userId: number, purpose: CodePurpose, now: Date) {
    await db
      .update(userCodes)
      .set({ usedAt: now })
      .where(and(eq(userCodes.userId, userId), eq(userCodes.purpose, purpose), isNull(userCodes.usedAt)));
  },

  async recordLoginFailure(db: Executor, email: string, ip: string, at: Date) {
    await db.insert(loginFailures).values({ email: email.toLowerCase(), ip, createdAt: at });
    // Failures older than a day no longer count for anything.
    await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(at.getTime() - 86_400_000)));
  },

  /**
   * Failed sign-ins for this account from this address since `pairSince` (with the last one's
   * time), and from this address for any account since `addressSince`.
   */
  async countLoginFailures(db: Executor, pairSince: Date, addressSince: Date, email: string, ip: string) {
    const account = eq(loginFailures.email, email.toLowerCase());
    const address = eq(loginFailures.ip, ip);
    const pair = and(account, address, gt(loginFailures.createdAt, pairSince));
    const fromAddress = and(address, gt(loginFailures.createdAt, addressSince));
    const [row] = await db
      .select({
        byPair: sql<number>`count(*) filter (where ${pair})`.mapWith(Number),
        lastByPair: sql<Date | string | null>`max(${loginFailures.createdAt}) filter (where ${pair})`,
        byIp: sql<number>`count(*) filter (where ${fromAddress})`.mapWith(Number),
      })
      .from(loginFailures)
      .where(or(pair, fromAddress));
    return {
      byPair: row?.byPair ?? 0,
      lastByPair: row?.lastByPair ? new Date(row.lastByPair) : undefined,
      byIp: row?.byIp ?? 0,
    };
  },

  /** Forgets failed sign-ins for an account: from one address, or from all when none is named. */
  async clearLoginFailures(db: Executor, email: string, ip?: string) {
    const forAccount = eq(loginFailures.email, email.toLowerCase());
    await db
      .delete(loginFailures)
      .where(ip === undefined ? forAccount : and(forAccount, eq(loginFailures.ip, ip)));
  },
};

/**
 * What other modules may write in the users tables, each in the caller's transaction (decision 010):
 * the accounts and sign-in records the auth module keeps (registration, activation and reset codes,
 * failed sign-ins), and the account changes of platform admins.
 */
export const usersWrites = {
  insert: usersRepository.insert,
  update: usersRepository.update,
  revokeTokens: usersRepository.revokeTokens,
  insertCode: usersRepository.insertCode,
  consumeCode: usersRepository.consumeCode,
  invalidateCodes: usersRepository.invalidateCodes,
  recordLoginFailure: usersRepository.recordLoginFailure,
  clearLoginFailures: usersRepository.clearLoginFailures,
};

/** What other modules ask of the users. */
export const usersQueries = {
  /** The sign-in check of every authenticated call (plugins/auth.ts): who the token's person is now. */
  findSession: usersRepository.findSession,
  /** An account by email (case aside), unless deleted. */
  findByEmail: usersRepository.findByEmail,
  /** Whether any account, deleted ones too, uses this email (case aside). */
  emailTaken: usersRepository.emailTaken,
  /** A single-use code by its hash, used or not. */
  findCode: usersRepository.findCode,
  /** Failed sign-ins of an account and address pair, and of the address (decision 012). */
  countLoginFailures: usersRepository.countLoginFailures,

  /** Emails of these people who still have an account, for notices. */
  async emails(db: Executor, ids: number[]): Promise<string[]> {
    const people = await usersQueries.people(db, ids);
    return people.filter((person) => !person.deletedAt).map((person) => person.email);
  },

  /**
   * The people with these ids, by last name (then id): names, email and avatar, for lists of
   * members and admins and for notices. `deletedAt` says who has deleted their account.
   */
  async people(db: Executor, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        avatar: users.avatar,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, ids))
      .orderBy(asc(users.lastName), asc(users.id));
  },

  /**
   * Rows that name a user (memberships) each with its person, in the people's order (last name,
   * then id); a row whose user is gone is left out.
   */
  async peopleOf<Row extends { userId: number }>(db: Executor, rows: Row[]) {
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    const people = await usersQueries.people(db, [...byUser.keys()]);
    return people.flatMap((person) => {
      const row = byUser.get(person.id);
      return row ? [{ person, row }] : [];
    });
  },

  /** `peopleOf`, leaving out the people who deleted their account (a list of members). */
  async activePeopleOf<Row extends { userId: number }>(db: Executor, rows: Row[]) {
    return (await usersQueries.peopleOf(db, rows)).filter(({ person }) => !person.deletedAt);
  },

  find(db: Executor, id: number): Promise<UserRow | undefined> {
    return usersRepository.findById(db, id);
  },

  /**
   * Active people whose first and last names have words starting with each word of the text ("dan
   * don" finds Dana Donor), by last and first name, for choosing a message's recipient: names,
   * avatar and town only, never the email. Reads at most WORD_SEARCH_CANDIDATES matches.
   */
  async searchByName(db: Executor, q: string, limit: number) {
    const query = wordPrefixQuery(q);
    if (!query) return [];
    // The conditions of users_active_name_words_idx as written there, never as parameters, so that
    // every plan of this statement can use it.
    const found = db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        avatar: users.avatar,
        city: users.city,
      })
      .from(users)
      .where(and(sql`${users.isActive}`, isNull(users.deletedAt), matchesWords(fullName(users), query)))
      .limit(WORD_SEARCH_CANDIDATES)
      .as('found');
    return db
      .select()
      .from(found)
      .orderBy(asc(found.lastName), asc(found.firstName), asc(found.id))
      .limit(limit);
  },

  /** Display names ("First Last") by id. */
  async names(db: Executor, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
  },

  /**
   * GET /admin/user_list: people whose name or email contains the text, newest first, keyset paged
   * on (created_at, id).
   */
  async adminList(
    db: Executor,
    filter: { q?: string | undefined; status?: string | undefined; platformAdmin?: boolean | undefined },
    page: Keyset,
  ) {
    const where: (SQL | undefined)[] = [];
    if (filter.q) {
      const pattern = likePattern(filter.q);
      where.push(
        or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern)),
      );
    }
    if (filter.status === 'deleted') where.push(isNotNull(users.deletedAt));
    else if (filter.status) {
      where.push(isNull(users.deletedAt));
      if (filter.status === 'deactivated') where.push(isNotNull(users.deactivatedAt));
      if (filter.status === 'active') where.push(and(eq(users.isActive, true), isNull(users.deactivatedAt)));
      if (filter.status === 'not_activated')
        where.push(and(eq(users.isActive, false), isNull(users.deactivatedAt)));
    }
    if (filter.platformAdmin !== undefined) where.push(eq(users.isIicAdmin, filter.platformAdmin));
    return newestRows(db, users, page, where);
  },

  /** People registered each day who have not deleted their account (the statistics). */
  async dailyRegistrations(db: Executor): Promise<{ day: string; value: number }[]> {
    const day = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, value: sql<string>`count(*)` })
      .from(users)
      .where(isNull(users.deletedAt))
      .groupBy(day);
    return rows.map((row) => ({ day: row.day, value: Number(row.value) }));
  },
};
