import {
  type Mailbox,
  type MailboxParams,
  type Message,
  type MessageMarkReadBody,
  OWNER_TYPE,
  type PageQuery,
  type Recipient,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import { conflict, notFound } from '../../lib/errors.js';
import { decodeCursor } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { key, mailboxPermission, messageViews, ownerOf } from './message-views.js';
import { type Folder, messagesQueries, messagesRepository } from './messages.repository.js';

/**
 * A mailbox read and kept by those who act for its owner (docs/product/organisations.md#messages,
 * decision 027): its folders and threads, read and archived messages, the person's mailboxes and
 * whom they may write to.
 */
export function messagesService(ctx: AppContext) {
  const db = () => ctx.database.db;
  const { present, visible, presentPage } = messageViews(ctx);

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
