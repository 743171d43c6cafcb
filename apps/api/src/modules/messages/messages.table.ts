import { bigint, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { actorRef, createdAt, serialId, timestamptz } from '../../db/columns.js';

/**
 * Messages between people and accounts (docs/product/organisations.md#messages). The sender and the
 * recipient are owners `(type, id)` of an owner type (docs/product/wire-contract.md#owner-types): 1
 * person, 2 organisation, 3 charity, 4 project. One row serves both mailboxes: each side archives
 * its own copy (decision 027).
 */
export const messages = pgTable(
  'messages',
  {
    id: serialId(),
    /** The first message of the thread (its own id for the first one). */
    threadId: bigint('thread_id', { mode: 'number' }).notNull(),
    senderType: smallint('sender_type').notNull(),
    senderId: bigint('sender_id', { mode: 'number' }).notNull(),
    /** The person who wrote it, as themself or for the sending account (rate limits count them). */
    authorId: actorRef('author_id'),
    recipientType: smallint('recipient_type').notNull(),
    recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** 1 Draft, 2 Sent (9 Archived is each side's own: the archived_at columns). */
    status: smallint('status').notNull(),
    /** When it was last saved (a draft) or sent: the mailboxes' order. */
    datedAt: timestamptz('dated_at').notNull(),
    sentAt: timestamptz('sent_at'),
    readAt: timestamptz('read_at'),
    senderArchivedAt: timestamptz('sender_archived_at'),
    recipientArchivedAt: timestamptz('recipient_archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_recipient_idx').on(t.recipientType, t.recipientId, t.datedAt, t.id),
    index('messages_sender_idx').on(t.senderType, t.senderId, t.datedAt, t.id),
    index('messages_thread_idx').on(t.threadId, t.datedAt, t.id),
    index('messages_author_sent_idx').on(t.authorId, t.sentAt),
  ],
);
