import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { countWhere, firstWhere, insertOne } from '../../db/insert.js';
import { type Keyset, newestFirst } from '../../lib/pagination.js';
import { messages } from './messages.table.js';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/** A mailbox: a person (1), organisation (2), charity (3) or project (4) and its id. */
export interface Owner {
  type: number;
  id: number;
}

export type Folder = 'inbox' | 'sent' | 'draft' | 'archive';

const SENT = 2;
const DRAFT = 1;

const wrote = (owner: Owner) => and(eq(messages.senderType, owner.type), eq(messages.senderId, owner.id));
const received = (owner: Owner) =>
  and(
    eq(messages.recipientType, owner.type),
    eq(messages.recipientId, owner.id),
    eq(messages.status, SENT),
  ) as SQL;

/** What a mailbox's folder holds (decision 027). */
function folderCondition(owner: Owner, folder: Folder): SQL | undefined {
  switch (folder) {
    case 'inbox':
      return and(received(owner), isNull(messages.recipientArchivedAt));
    case 'sent':
      return and(wrote(owner), eq(messages.status, SENT), isNull(messages.senderArchivedAt));
    case 'draft':
      return and(wrote(owner), eq(messages.status, DRAFT), isNull(messages.senderArchivedAt));
    case 'archive':
      return or(
        and(wrote(owner), isNotNull(messages.senderArchivedAt)),
        and(received(owner), isNotNull(messages.recipientArchivedAt)),
      );
  }
}

/** Unread: received, sent, not read and not archived. */
const unread = (owner: Owner) =>
  and(received(owner), isNull(messages.readAt), isNull(messages.recipientArchivedAt));

export const messagesRepository = {
  /** A new message; the first of a thread becomes its own thread. */
  async insert(
    db: Executor,
    values: Omit<NewMessage, 'threadId'> & { threadId?: number },
  ): Promise<MessageRow> {
    const row = await insertOne(db, messages, { ...values, threadId: values.threadId ?? 0 });
    if (values.threadId !== undefined) return row;
    const [rooted] = await db
      .update(messages)
      .set({ threadId: row.id })
      .where(eq(messages.id, row.id))
      .returning();
    return rooted ?? row;
  },

  async find(db: Executor, id: number): Promise<MessageRow | undefined> {
    return firstWhere(db, messages, eq(messages.id, id));
  },

  /** The message if this mailbox may see it: one it wrote (any status) or one it received. */
  async findFor(db: Executor, owner: Owner, id: number): Promise<MessageRow | undefined> {
    return firstWhere(db, messages, and(eq(messages.id, id), or(wrote(owner), received(owner))));
  },

  async update(db: Executor, id: number, values: Partial<NewMessage>): Promise<MessageRow> {
    const [row] = await db.update(messages).set(values).where(eq(messages.id, id)).returning();
    if (!row) throw new Error('update returned no row');
    return row;
  },

  /** A folder of a mailbox, newest first on (dated_at, id). */
  async list(db: Executor, owner: Owner, folder: Folder, page: Keyset): Promise<MessageRow[]> {
    const { conditions, order } = newestFirst(messages.datedAt, messages.id, page.cursor, page.before);
    return db
      .select()
      .from(messages)
      .where(and(folderCondition(owner, folder), ...conditions))
      .orderBy(...order)
      .limit(page.limit);
  },

  /** The sent messages of a thread this mailbox is a party to, oldest first on (dated_at, id). */
  async thread(db: Executor, owner: Owner, threadId: number, page: Keyset): Promise<MessageRow[]> {
    const conditions: SQL[] = [];
    if (page.cursor) {
      const [at, key] = page.cursor;
      conditions.push(
        page.before
          ? sql`(${messages.datedAt}, ${messages.id}) < (${String(at)}::timestamptz, ${Number(key)})`
          : sql`(${messages.datedAt}, ${messages.id}) > (${String(at)}::timestamptz, ${Number(key)})`,
      );
    }
    return db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.threadId, threadId),
          eq(messages.status, SENT),
          or(wrote(owner), received(owner)),
          ...conditions,
        ),
      )
      .orderBy(
        ...(page.before
          ? [desc(messages.datedAt), desc(messages.id)]
          : [asc(messages.datedAt), asc(messages.id)]),
      )
      .limit(page.limit);
  },

  /** Of these ids, the ones this mailbox received. */
  async receivedIds(db: Executor, owner: Owner, ids: number[]): Promise<Set<number>> {
    const rows = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.id, ids), received(owner)));
    return new Set(rows.map((row) => row.id));
  },

  async markRead(db: Executor, owner: Owner, ids: number[], now: Date): Promise<void> {
    await db
      .update(messages)
      .set({ readAt: now })
      .where(and(inArray(messages.id, ids), received(owner), isNull(messages.readAt)));
  },

  /** How many messages this person sent (as anyone) since the time: the sending rate limit. */
  async countSentBy(db: Executor, authorId: number, since: Date): Promise<number> {
    return countWhere(db, messages, and(eq(messages.authorId, authorId), gte(messages.sentAt, since)));
  },
};

/** What other modules ask of the messages: unread counts for the session. */
export const messagesQueries = {
  /** Unread messages of each mailbox, keyed `type:id` (absent when none). */
  async unreadCounts(db: Executor, owners: Owner[]): Promise<Map<string, number>> {
    if (owners.length === 0) return new Map();
    const rows = await db
      .select({ type: messages.recipientType, id: messages.recipientId, n: count() })
      .from(messages)
      .where(or(...owners.map(unread)))
      .groupBy(messages.recipientType, messages.recipientId);
    return new Map(rows.map((row) => [`${row.type}:${row.id}`, row.n]));
  },
};
