import {
  type MailboxParams,
  MESSAGE_SEND_LIMIT,
  MESSAGE_SEND_WINDOW_MINUTES,
  MESSAGE_STATUS,
  type Message,
  type MessageCreateBody,
  type MessageReplyBody,
  type MessageUpdateBody,
  OWNER_TYPE,
  PROJECT_STATUS,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { charitiesQueries } from '../charities/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { key, mailboxPermission, messageViews, ownerOf } from './message-views.js';
import { type MessageRow, messagesRepository, type Owner } from './messages.repository.js';

function tooManyMessages() {
  return new AppError(
    429,
    'TOO_MANY_MESSAGES',
    `You have sent ${MESSAGE_SEND_LIMIT} messages in the last ${MESSAGE_SEND_WINDOW_MINUTES} minutes. Wait a few minutes before sending more.`,
    { retry_after_seconds: MESSAGE_SEND_WINDOW_MINUTES * 60 },
  );
}

/**
 * Writing messages (docs/product/organisations.md#messages, decision 027): drafts, sending and
 * replies, each sent message with its notice and within the sending rate limit.
 */
/** Who is told of a sent message, and what. */
export interface MessageAudience {
  from: string;
  subject: string;
  /** The message itself, told only to a person. */
  body: string | null;
  recipientType: number;
  /** The account (organisation, charity or project) it was sent to, told to its admins. */
  account: { type: number; id: number; name: string } | null;
  userIds: number[];
}

export function messageSendingService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { parties, present, visible } = messageViews(ctx);

  /** Refuses a recipient that cannot receive messages (400 naming the field). */
  async function checkRecipient(executor: Executor, sender: Owner, recipient: Owner): Promise<void> {
    if (recipient.type === sender.type && recipient.id === sender.id)
      throw badRequest('You cannot send a message to yourself.', {
        recipient_id: 'Choose someone else.',
      });
    let reachable = false;
    switch (recipient.type) {
      case OWNER_TYPE.individual: {
        const person = await usersQueries.find(executor, recipient.id);
        reachable = Boolean(person?.isActive && !person.deletedAt);
        break;
      }
      case OWNER_TYPE.organisation: {
        const row = await organisationsQueries.business(executor, recipient.id);
        reachable = Boolean(row && row.approvalStatus === 'approved' && !row.lockStatus && !row.deletedAt);
        break;
      }
      case OWNER_TYPE.charity: {
        const row = await charitiesQueries.find(executor, recipient.id);
        reachable = Boolean(row && row.approvalStatus === 'approved' && !row.lockStatus);
        break;
      }
      case OWNER_TYPE.project: {
        const row = await projectsQueries.find(executor, recipient.id);
        reachable = row?.status === PROJECT_STATUS.live;
        break;
      }
    }
    if (!reachable)
      throw badRequest('That recipient cannot receive messages.', {
        recipient_id: 'Choose a recipient from the search.',
      });
  }

  /** The sending rate limit: per person, whichever account they write for. */
  async function checkRate(executor: Executor, authorId: number): Promise<void> {
    const since = new Date(ctx.now().getTime() - MESSAGE_SEND_WINDOW_MINUTES * 60_000);
    if ((await messagesRepository.countSentBy(executor, authorId, since)) >= MESSAGE_SEND_LIMIT)
      throw tooManyMessages();
  }

  /**
   * Who is told of a sent message (docs/product/notifications.md): the person it was sent to, or the
   * admins of the account or project it was sent to but its author; the body is told only to a
   * person. Undefined when the message is gone.
   */
  async function audience(executor: Executor, messageId: number): Promise<MessageAudience | undefined> {
    const row = await messagesRepository.find(executor, messageId);
    if (!row || row.sentAt === null) return undefined;
    const known = await parties(executor, [
      { type: row.senderType, id: row.senderId },
      { type: row.recipientType, id: row.recipientId },
    ]);
    const from = known.get(key(row.senderType, row.senderId))?.name ?? 'Someone';
    const told = { from, subject: row.subject, recipientType: row.recipientType };
    if (row.recipientType === OWNER_TYPE.individual)
      return { ...told, body: row.body, account: null, userIds: [row.recipientId] };
    const name = known.get(key(row.recipientType, row.recipientId))?.name ?? 'your account';
    const adminIds =
      row.recipientType === OWNER_TYPE.organisation
        ? await organisationsQueries.businessAdminIds(executor, row.recipientId)
        : row.recipientType === OWNER_TYPE.charity
          ? await charitiesQueries.adminIds(executor, row.recipientId)
          : await projectsQueries.adminIds(executor, row.recipientId);
    return {
      ...told,
      body: null,
      account: { type: row.recipientType, id: row.recipientId, name },
      userIds: adminIds.filter((id) => id !== row.authorId),
    };
  }

  /** Inserts a sent message (or sends a draft) with its event, in one transaction. */
  async function send(authorId: number, write: (tx: Executor) => Promise<MessageRow>): Promise<MessageRow> {
    const row = await db().transaction(async (tx) => {
      await checkRate(tx, authorId);
      const sent = await write(tx);
      await ctx.events.record(tx, 'message.sent', {
        message_id: sent.id,
        recipient_type: sent.recipientType,
        recipient_id: sent.recipientId,
        author_id: authorId,
      });
      return sent;
    });
    return row;
  }

  return {
    audience,

    /** POST /message/create: status 1 saves a draft, 2 sends. */
    async create(auth: AuthUser | null, body: MessageCreateBody) {
      const user = await ctx.access.require(auth, mailboxPermission(body.owner_type), [body.owner_id]);
      const owner = ownerOf(body);
      const recipient = { type: body.recipient_type, id: body.recipient_id };
      await checkRecipient(db(), owner, recipient);
      const now = ctx.now();
      const values = {
        senderType: owner.type,
        senderId: owner.id,
        authorId: user.id,
        recipientType: recipient.type,
        recipientId: recipient.id,
        subject: body.subject,
        body: body.body,
        status: body.status,
        datedAt: now,
        sentAt: body.status === MESSAGE_STATUS.sent ? now : null,
        createdAt: now,
      };
      const row =
        body.status === MESSAGE_STATUS.sent
          ? await send(user.id, (tx) => messagesRepository.insert(tx, values))
          : await db().transaction((tx) => messagesRepository.insert(tx, values));
      const [message] = await present(db(), owner, [row]);
      return message as Message;
    },

    /** PATCH /message/update/{owner_type}/{owner_id}/{message_id}: edits a draft; status 2 sends it. */
    async update(
      auth: AuthUser | null,
      params: MailboxParams & { message_id: number },
      body: MessageUpdateBody,
    ) {
      const user = await ctx.access.require(auth, mailboxPermission(params.owner_type), [params.owner_id]);
      const owner = ownerOf(params);
      const row = await visible(owner, params.message_id);
      if (row.senderType !== owner.type || row.senderId !== owner.id || row.status !== MESSAGE_STATUS.draft)
        throw conflict('MESSAGE_NOT_DRAFT', 'Only drafts can be changed; this message was sent.');
      if (row.senderArchivedAt)
        throw conflict('MESSAGE_ARCHIVED', 'This draft is archived and can no longer be changed.');
      const recipient =
        body.recipient_type !== undefined && body.recipient_id !== undefined
          ? { type: body.recipient_type, id: body.recipient_id }
          : { type: row.recipientType, id: row.recipientId };
      await checkRecipient(db(), owner, recipient);
      const subject = body.subject ?? row.subject;
      const text = body.body ?? row.body;
      const sending = body.status === MESSAGE_STATUS.sent;
      if (sending && text.trim() === '')
        throw badRequest('Write a message before sending it.', { body: 'Write a message.' });
      const now = ctx.now();
      const values = {
        recipientType: recipient.type,
        recipientId: recipient.id,
        subject,
        body: text,
        datedAt: now,
        authorId: user.id,
        ...(sending ? { status: MESSAGE_STATUS.sent, sentAt: now } : {}),
      };
      const updated = sending
        ? await send(user.id, (tx) => messagesRepository.update(tx, row.id, values))
        : await messagesRepository.update(db(), row.id, values);
      const [message] = await present(db(), owner, [updated]);
      return message as Message;
    },

    /** POST /message/reply: answers the other party of the thread, sent at once. */
    async reply(auth: AuthUser | null, body: MessageReplyBody) {
      const user = await ctx.access.require(auth, mailboxPermission(body.owner_type), [body.owner_id]);
      const owner = ownerOf(body);
      const original = await visible(owner, body.message_id);
      if (original.status !== MESSAGE_STATUS.sent)
        throw conflict('MESSAGE_NOT_SENT', 'A draft has no replies: send it first.');
      const out = original.senderType === owner.type && original.senderId === owner.id;
      const other = out
        ? { type: original.recipientType, id: original.recipientId }
        : { type: original.senderType, id: original.senderId };
      const root = (await messagesRepository.find(db(), original.threadId)) ?? original;
      const subject = root.subject.startsWith('Re: ') ? root.subject : `Re: ${root.subject}`;
      const now = ctx.now();
      const row = await send(user.id, (tx) =>
        messagesRepository.insert(tx, {
          threadId: original.threadId,
          senderType: owner.type,
          senderId: owner.id,
          authorId: user.id,
          recipientType: other.type,
          recipientId: other.id,
          subject: subject.slice(0, 200),
          body: body.body,
          status: MESSAGE_STATUS.sent,
          datedAt: now,
          sentAt: now,
          createdAt: now,
        }),
      );
      const [message] = await present(db(), owner, [row]);
      return message as Message;
    },
  };
}
export type MessageSendingService = ReturnType<typeof messageSendingService>;
