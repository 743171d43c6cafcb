import { MESSAGE_STATUS, type Message, type MessageParty, OWNER_TYPE, type PageQuery } from '@kindred/shared';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { toPage } from '../../lib/pagination.js';
import { charitiesQueries } from '../charities/index.js';
import { organisationsQueries } from '../organisations/index.js';
import { projectsQueries } from '../projects/index.js';
import { usersQueries } from '../users/index.js';
import { type MessageRow, messagesRepository, type Owner } from './messages.repository.js';

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

export const key = (type: number, id: number) => `${type}:${id}`;
export const ownerOf = (params: { owner_type: number; owner_id: number }): Owner => ({
  type: params.owner_type,
  id: params.owner_id,
});

/**
 * How a mailbox shows its messages (docs/product/organisations.md#messages): the parties' names and
 * pictures, and whether each message went out or came in.
 */
export function messageViews(ctx: AppContext) {
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

  async function visible(owner: Owner, id: number, executor: Executor = db()): Promise<MessageRow> {
    const row = await messagesRepository.findFor(executor, owner, id);
    if (!row) throw notFound('The message');
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

  return { parties, present, visible, presentPage };
}
