import {
  type Mailbox,
  type MailboxParams,
  MESSAGE_SEND_LIMIT,
  MESSAGE_SEND_WINDOW_MINUTES,
  MESSAGE_STATUS,
  type Message,
  type MessageCreateBody,
  type MessageMarkReadBody,
  type MessageParty,
  type MessageReplyBody,
  type MessageUpdateBody,
  OWNER_TYPE,
  type PageQuery,
  PROJECT_STATUS,
  type Recipient,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { decodeCursor, toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import {
  type Folder,
  type MessageRow,
  messagesQueries,
  messagesRepository,
  type Owner,
} from './messages.repository.js';

/** The permission that opens a mailbox, by its owner type (docs/product/wire-contract.md#owner-types). */
export function mailboxPermission(ownerType: number): Permission {
  switch (ownerType) {
    case OWNER_TYPE.organisation:
      return Permission.MessagesBusiness;
    case OWNER_TYPE.charity:
      return Permission.MessagesCharity;
    case OWNER_TYPE.project:
      return Permission.MessagesProject;
    default:
      return Permission.MessagesPersonal;
  }
}

const key = (type: number, id: number) => `${type}:${id}`;
const ownerOf = (params: { owner_type: number; owner_id: number }): Owner => ({
  type: params.owner_type,
  id: params.owner_id,
});

function tooManyMessages() {
  return new AppError(
    429,
    'TOO_MANY_MESSAGES',
    `You have sent ${MESSAGE_SEND_LIMIT} messages in the last ${MESSAGE_SEND_WINDOW_MINUTES} minutes. Wait a few minutes before sending more.`,
    { retry_after_seconds: MESSAGE_SEND_WINDOW_MINUTES * 60 },
  );
}

/** Messages between people and accounts (docs/product/organisations.md#messages, decision 027). */
export function messagesService(ctx: AppContext) {
  const db = () => ctx.database.db;

  /** Names and pictures of the parties of some messages: one query per kind. */
  async function parties(executor: Executor, refs: Owner[]): Promise<Map<string, MessageParty>> {
    const ids = (type: number) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.id))];
    const [people, businessNames, businessLogos, charityCards, projectTitles, projectCovers] =
      await Promise.all([
        usersQueries.people(executor, ids(OWNER_TYPE.individual)),
        organisationsQueries.names(executor, ids(OWNER_TYPE.organisation)),
        organisationsQueries.logos(executor, ids(OWNER_TYPE.organisation)),
        charitiesQueries.names(executor, ids(OWNER_TYPE.charity)),
        projectsQueries.titles(executor, ids(OWNER_TYPE.project)),
        projectsQueries.covers(executor, ids(OWNER_TYPE.project)),
      ]);
    const out = new Map<string, MessageParty>();
    for (const person of people)
      out.set(key(OWNER_TYPE.individual, person.id), {
        type: OWNER_TYPE.individual,
        id: person.id,
        name: person.deletedAt ? 'Deleted account' : `${person.firstName} ${person.lastName}`.trim(),
        picture: person.deletedAt ? null : person.avatar,
      });
    for (const [id, name] of businessNames)
      out.set(key(OWNER_TYPE.organisation, id), {
        type: OWNER_TYPE.organisation,
        id,
        name,
        picture: businessLogos.get(id) ?? null,
      });
    for (const [id, card] of charityCards)
      out.set(key(OWNER_TYPE.charity, id), {
        type: OWNER_TYPE.charity,
        id,
        name: card.name,
        picture: card.logo,
      });
    for (const [id, title] of projectTitles)
      out.set(key(OWNER_TYPE.project, id), {
        type: OWNER_TYPE.project,
        id,
        name: title,
        picture: projectCovers.get(id) ?? null,
      });
    return out;
  }

  const unknownParty = (type: number, id: number): MessageParty => ({
    type,
    id,
    name: 'Unknown',
    picture: null,
  });

  async function present(executor: Executor, owner: Owner, rows: MessageRow[]): Promise<Message[]> {
    const known = await parties(
      executor,
      rows.flatMap((row) => [
        { type: row.senderType, id: row.senderId },
        { type: row.recipientType, id: row.recipientId },
      ]),
    );
    return rows.map((row) => {
      const out = row.senderType === owner.type && row.senderId === owner.id;
      const archived = out ? row.senderArchivedAt : row.recipientArchivedAt;
      return {
        id: row.id,
        thread_id: row.threadId,
        sender: known.get(key(row.senderType, row.senderId)) ?? unknownParty(row.senderType, row.senderId),
        recipient:
          known.get(key(row.recipientType, row.recipientId)) ??
          unknownParty(row.recipientType, row.recipientId),
        subject: row.subject,
        body: row.body,
        status: archived ? MESSAGE_STATUS.archived : row.status,
        direction: out ? 'out' : 'in',
        is_read: out || row.readAt !== null,
        sent_at: row.sentAt?.toISOString() ?? null,
        updated_at: row.datedAt.toISOString(),
      };
    });
  }

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

  /** Queues the recipient's notice of a sent message: the body only to a person. */
  async function queueNotice(executor: Executor, row: MessageRow, authorId: number): Promise<void> {
    const known = await parties(executor, [
      { type: row.senderType, id: row.senderId },
      { type: row.recipientType, id: row.recipientId },
    ]);
    const from = known.get(key(row.senderType, row.senderId))?.name ?? 'Someone';
    if (row.recipientType === OWNER_TYPE.individual) {
      const [person] = await usersQueries.people(executor, [row.recipientId]);
      if (!person || person.deletedAt) return;
      await ctx.notices.queue(executor, {
        to: person.email,
        subject: `New message from ${from}: ${row.subject}`,
        text: [
          `${from} sent you a message on Kindred.`,
          '',
          `Subject: ${row.subject}`,
          '',
          row.body,
          '',
          'Reply from Messages on Kindred.',
        ].join('\n'),
      });
      return;
    }
    const account = known.get(key(row.recipientType, row.recipientId))?.name ?? 'your account';
    const adminIds =
      row.recipientType === OWNER_TYPE.organisation
        ? await organisationsQueries.businessAdminIds(executor, row.recipientId)
        : row.recipientType === OWNER_TYPE.charity
          ? await charitiesQueries.adminIds(executor, row.recipientId)
          : await projectsQueries.adminIds(executor, row.recipientId);
    const admins = await usersQueries.people(
      executor,
      adminIds.filter((id) => id !== authorId),
    );
    for (const admin of admins.filter((person) => !person.deletedAt))
      await ctx.notices.queue(executor, {
        to: admin.email,
        subject: `New message for ${account}`,
        text: [
          `${from} sent ${account} a message on Kindred: “${row.subject}”.`,
          '',
          `Read it in Messages while acting as ${account}.`,
        ].join('\n'),
      });
  }

  async function visible(owner: Owner, id: number, executor: Executor = db()): Promise<MessageRow> {
    const row = await messagesRepository.findFor(executor, owner, id);
    if (!row) throw notFound('The message');
    return row;
  }

  /** Inserts a sent message (or sends a draft) with its notice, in one transaction. */
  async function send(authorId: number, write: (tx: Executor) => Promise<MessageRow>): Promise<MessageRow> {
    const row = await db().transaction(async (tx) => {
      await checkRate(tx, authorId);
      const sent = await write(tx);
      await queueNotice(tx, sent, authorId);
      return sent;
    });
    return row;
  }

  /** A keyset page of rows (cursor: the exact millisecond the app's clock stamped, and the id). */
  async function presentPage(owner: Owner, rows: MessageRow[], query: PageQuery) {
    const page = toPage(
      rows,
      query,
      (row) => [row.datedAt.toISOString(), row.id],
      (row) => row,
    );
    return { ...page, items: await present(db(), owner, page.items) };
  }

  return {
    /** GET /message/get_all_{inbox,sent,draft,archive}/{owner_type}/{owner_id} */
    async list(auth: AuthUser | null, params: MailboxParams, folder: Folder, query: PageQuery) {
      await ctx.access.require(auth, mailboxPermission(params.owner_type), [params.owner_id]);
      const owner = ownerOf(params);
      const cursor = decodeCursor(query.cursor, ['time', 'id']);
      const rows = await messagesRepository.list(db(), owner, folder, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      return presentPage(owner, rows, query);
    },

    /** GET /message/get/{owner_type}/{owner_id}/{message_id} */
    async get(auth: AuthUser | null, params: MailboxParams & { message_id: number }) {
      await ctx.access.require(auth, mailboxPermission(params.owner_type), [params.owner_id]);
      const owner = ownerOf(params);
      const row = await visible(owner, params.message_id);
      const [message] = await present(db(), owner, [row]);
      if (!message) throw notFound('The message');
      return message;
    },

    /** GET /replay/get/{owner_type}/{owner_id}/{message_id}: the thread, oldest first. */
    async thread(auth: AuthUser | null, params: MailboxParams & { message_id: number }, query: PageQuery) {
      await ctx.access.require(auth, mailboxPermission(params.owner_type), [params.owner_id]);
      const owner = ownerOf(params);
      const row = await visible(owner, params.message_id);
      const cursor = decodeCursor(query.cursor, ['time', 'id']);
      const rows = await messagesRepository.thread(db(), owner, row.threadId, {
        limit: query.limit + 1,
        cursor,
        before: query.direction === 'before',
      });
      return presentPage(owner, rows, query);
    },

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

    /** POST /message/mark_read: answers the mailbox's unread count. */
    async markRead(auth: AuthUser | null, body: MessageMarkReadBody) {
      await ctx.access.require(auth, mailboxPermission(body.owner_type), [body.owner_id]);
      const owner = ownerOf(body);
      const ids = [...new Set(body.message_ids)];
      const received = await messagesRepository.receivedIds(db(), owner, ids);
      if (received.size < ids.length) throw notFound('The message');
      await messagesRepository.markRead(db(), owner, ids, ctx.now());
      const counts = await messagesQueries.unreadCounts(db(), [owner]);
      return { unread_messages: counts.get(key(owner.type, owner.id)) ?? 0 };
    },

    /** DELETE /message/archive/{owner_type}/{owner_id}/{message_id}: this mailbox's copy only. */
    async archive(auth: AuthUser | null, params: MailboxParams & { message_id: number }) {
      await ctx.access.require(auth, mailboxPermission(params.owner_type), [params.owner_id]);
      const owner = ownerOf(params);
      const row = await visible(owner, params.message_id);
      const out = row.senderType === owner.type && row.senderId === owner.id;
      if (out ? row.senderArchivedAt : row.recipientArchivedAt)
        throw conflict('MESSAGE_ARCHIVED', 'This message is already archived.');
      const updated = await messagesRepository.update(
        db(),
        row.id,
        out ? { senderArchivedAt: ctx.now() } : { recipientArchivedAt: ctx.now() },
      );
      const [message] = await present(db(), owner, [updated]);
      return message as Message;
    },

    /** GET /message/mailboxes: the person's own mailbox and each account's, with unread counts. */
    async mailboxes(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.MessagesPersonal, [auth?.id ?? 0]);
      const [me, businesses, charityRows, projectRows] = await Promise.all([
        usersQueries.find(db(), user.id),
        organisationsQueries.membershipsOfUser(db(), user.id),
        charitiesQueries.membershipsOfUser(db(), user.id),
        projectsQueries.membershipsOfUser(db(), user.id),
      ]);
      const boxes: Array<Omit<Mailbox, 'unread_messages'>> = [
        {
          owner_type: OWNER_TYPE.individual,
          owner_id: user.id,
          name: me ? `${me.firstName} ${me.lastName}`.trim() : 'Me',
        },
        ...charityRows.map((m) => ({ owner_type: OWNER_TYPE.charity, owner_id: m.charity_id, name: m.name })),
        ...businesses.map((m) => ({
          owner_type: OWNER_TYPE.organisation,
          owner_id: m.business_id,
          name: m.name,
        })),
        ...projectRows.map((m) => ({
          owner_type: OWNER_TYPE.project,
          owner_id: m.project_id,
          name: m.title,
        })),
      ];
      const counts = await messagesQueries.unreadCounts(
        db(),
        boxes.map((box) => ({ type: box.owner_type, id: box.owner_id })),
      );
      const items: Mailbox[] = boxes.map((box) => ({
        ...box,
        unread_messages: counts.get(key(box.owner_type, box.owner_id)) ?? 0,
      }));
      return { items, unread_messages: items.reduce((sum, box) => sum + box.unread_messages, 0) };
    },

    /** GET /message/recipients?q=: people, charities, organisations and projects by name; never emails. */
    async recipients(auth: AuthUser | null, q: string, limit: number) {
      const user = await ctx.access.require(auth, Permission.MessagesPersonal, [auth?.id ?? 0]);
      const [people, charityRows, businessRows, projectRows] = await Promise.all([
        usersQueries.searchByName(db(), q, limit + 1),
        charitiesQueries.searchByName(db(), q, limit),
        organisationsQueries.searchByName(db(), q, limit),
        projectsQueries.searchByTitle(db(), q, limit),
      ]);
      const items: Recipient[] = [
        ...people
          .filter((person) => person.id !== user.id)
          .slice(0, limit)
          .map((person) => ({
            type: OWNER_TYPE.individual,
            id: person.id,
            name: `${person.firstName} ${person.lastName}`.trim(),
            picture: person.avatar,
            detail: person.city ? `Person · ${person.city}` : 'Person',
          })),
        ...charityRows.map((row) => ({
          type: OWNER_TYPE.charity,
          id: row.id,
          name: row.name,
          picture: row.logo,
          detail: 'Charity',
        })),
        ...businessRows.map((row) => ({
          type: OWNER_TYPE.organisation,
          id: row.id,
          name: row.name,
          picture: row.logo,
          detail: 'Organisation',
        })),
        ...projectRows.map((row) => ({
          type: OWNER_TYPE.project,
          id: row.id,
          name: row.title,
          picture: null,
          detail: 'Project',
        })),
      ];
      return { items };
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;
