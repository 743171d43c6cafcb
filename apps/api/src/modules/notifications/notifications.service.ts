import {
  defaultPreference,
  type MailChoice,
  type MarkReadBody,
  NOTIFICATION_KIND_CODES,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPreferencesBody,
  type PageQuery,
  type Unsubscribe,
} from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import { Permission } from '../../authz/permissions.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { EventType, KindredEvent } from '../../events/catalogue.js';
import { pageById, toPage } from '../../lib/pagination.js';
import { usersQueries } from '../users/index.js';
import {
  type NewNotification,
  type NotificationRow,
  notificationsRepository as repo,
} from './notifications.repository.js';
import { readUnsubscribeToken, type UnsubscribeScope, unsubscribeToken } from './unsubscribe-links.js';
import { type Tell, type TellReads, whoIsTold } from './who-is-told.js';

/** People whose digests one transaction writes at a time. */
const DIGEST_BATCH = 50;

const isKind = (kind: string): kind is NotificationKind => kind in NOTIFICATION_KINDS;

function present(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: isKind(row.kind) ? row.kind : 'gift_update',
    title: row.title,
    body: row.body,
    link: row.link,
    account:
      row.accountType && row.accountId !== null
        ? { type: row.accountType, id: row.accountId, name: row.accountName ?? '' }
        : null,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Notifications (docs/product/notifications.md): each event's handler tells the people the table of
 * who is told names, in the app and by mail as each chose; the bell, the list and the preferences;
 * the daily digest; unsubscribing from a mail's link without signing in.
 */
export function notificationsService(ctx: AppContext, reads: TellReads) {
  const db = () => ctx.database.db;
  const told = whoIsTold(ctx.config.currency, reads);
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;

  /** The footer and headers of mail that may be stopped (RFC 8058 one-click unsubscribe). */
  function unsubscribable(scope: UnsubscribeScope) {
    const token = unsubscribeToken(ctx.config.jwtSecret, scope);
    return {
      footer: [
        '',
        '--',
        scope.kind
          ? `You get this mail because of your choices for “${NOTIFICATION_KINDS[scope.kind].label}”.`
          : 'You get this digest because you chose a daily mail for some kinds of notification.',
        `Stop ${scope.kind ? 'it' : 'all notification mail'}: ${url(`/unsubscribe/${token}`)}`,
        `Choose what you are told: ${url('/profile/notifications')}`,
      ].join('\n'),
      headers: {
        'List-Unsubscribe': `<${url(`/api/unsubscribe/${token}`)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    };
  }

  /** Writes what an event tells, once per person however often it runs, and queues mail sent now. */
  async function tell(tx: Executor, eventId: string, at: Date, tells: Tell[]) {
    const ids = [...new Set(tells.flatMap((item) => item.userIds))];
    if (ids.length === 0) return;
    const people = new Map(
      (await usersQueries.people(tx, ids)).filter((p) => !p.deletedAt).map((p) => [p.id, p]),
    );
    const chosen = await repo.preferencesOf(tx, ids);
    const rows: NewNotification[] = [];
    const mailNow = new Map<number, Tell>();
    const seen = new Set<number>();
    for (const item of tells) {
      for (const userId of item.userIds) {
        if (!people.has(userId) || seen.has(userId)) continue;
        seen.add(userId);
        const mine = chosen.get(userId)?.get(item.kind);
        const inApp = mine?.inApp ?? true;
        const mail: MailChoice = item.mailedElsewhere
          ? 'off'
          : (mine?.mail ?? NOTIFICATION_KINDS[item.kind].mail);
        if (!inApp && mail === 'off') continue;
        if (mail === 'now') mailNow.set(userId, item);
        rows.push({
          userId,
          eventId,
          kind: item.kind,
          title: item.title,
          body: item.body,
          link: item.link,
          accountType: item.account?.type ?? null,
          accountId: item.account?.id ?? null,
          accountName: item.account?.name ?? null,
          inApp,
          mail: mail === 'daily' ? 'digest' : 'none',
          createdAt: at,
        });
      }
    }
    // A second run of the handler writes nothing new, and so mails nothing again.
    for (const row of await repo.insertMany(tx, rows)) {
      const item = mailNow.get(row.userId);
      const person = people.get(row.userId);
      if (!item || !person) continue;
      const { footer, headers } = unsubscribable({ userId: row.userId, kind: item.kind });
      const as = item.account ? `\n\nThis is about ${item.account.name}, which you act for on Kindred.` : '';
      await ctx.notices.queue(tx, {
        to: person.email,
        subject: item.title,
        text: `${item.mailText ?? item.body}${as}\n\nSee it on Kindred: ${url(item.link)}\n${footer}`,
        headers,
      });
    }
  }

  async function handle<T extends EventType>(event: KindredEvent<T>) {
    const whom = told[event.type] as ((db: Executor, e: KindredEvent<T>) => Promise<Tell[]>) | undefined;
    if (!whom) return;
    // Who is told is read first; the writes (notifications, mail) share one transaction, opened
    // only when someone is told.
    const tells = await whom(db(), event);
    if (tells.every((item) => item.userIds.length === 0)) return;
    await db().transaction(async (tx) => {
      await tell(tx, event.id, new Date(event.created_at), tells);
    });
  }

  async function choicesOf(executor: Executor, userId: number) {
    const chosen = (await repo.preferencesOf(executor, [userId])).get(userId);
    return {
      preferences: NOTIFICATION_KIND_CODES.map((kind) => {
        const mine = chosen?.get(kind);
        const { label, description } = NOTIFICATION_KINDS[kind];
        return {
          kind,
          label,
          description,
          ...(mine ? { in_app: mine.inApp, mail: mine.mail } : defaultPreference(kind)),
        };
      }),
    };
  }

  /** A person's digest: what waited for it, in one mail. */
  async function digestOf(tx: Executor, userId: number): Promise<void> {
    const rows = await repo.takeDigest(tx, userId);
    const [person] = await usersQueries.people(tx, [userId]);
    if (rows.length === 0 || !person || person.deletedAt) return;
    const { footer, headers } = unsubscribable({ userId, kind: null });
    const lines = rows.flatMap((row) => [`• ${row.title}`, `  ${row.body}`, `  ${url(row.link)}`, '']);
    await ctx.notices.queue(tx, {
      to: person.email,
      subject:
        rows.length === 1
          ? 'Your Kindred digest: 1 new notification'
          : `Your Kindred digest: ${rows.length} new notifications`,
      text: [`Here is what happened on Kindred since your last digest.`, '', ...lines].join('\n') + footer,
      headers,
    });
  }

  return {
    /** Every event someone is told of has its handler (docs/decisions/041-one-event-mechanism.md). */
    listen() {
      for (const type of Object.keys(told) as EventType[])
        ctx.events.on(type, `notifications.${type}`, (event) => handle(event));
    },

    /** GET /notifications: the person's notifications, newest first. */
    async list(auth: AuthUser | null, query: PageQuery) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      const rows = await repo.page(db(), user.id, pageById(query));
      return toPage(rows, query, (row) => [row.id], present);
    },

    /** GET /notifications/unread_count: the bell's number. */
    async unreadCount(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return { count: await repo.unreadCount(db(), user.id) };
    },

    /** POST /notifications/mark_read: some of the person's notifications, or all; answers the unread left. */
    async markRead(auth: AuthUser | null, body: MarkReadBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      await repo.markRead(db(), user.id, 'all' in body ? null : body.ids, ctx.now());
      return { count: await repo.unreadCount(db(), user.id) };
    },

    /** GET /user/notification_preferences: every kind with the person's choice (or its default). */
    async preferences(auth: AuthUser | null) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return choicesOf(db(), user.id);
    },

    /** PUT /user/notification_preferences: saves the kinds given; answers them all. */
    async savePreferences(auth: AuthUser | null, body: NotificationPreferencesBody) {
      const user = await ctx.access.require(auth, Permission.UserSelf, [auth?.id ?? 0]);
      return db().transaction(async (tx) => {
        await repo.savePreferences(
          tx,
          user.id,
          body.preferences.map((item) => ({ kind: item.kind, inApp: item.in_app, mail: item.mail })),
        );
        return choicesOf(tx, user.id);
      });
    },

    /** GET /unsubscribe/{token}: what the link stops, and whether it is stopped already. */
    async unsubscribeView(token: string): Promise<Unsubscribe> {
      const scope = readUnsubscribeToken(ctx.config.jwtSecret, token);
      const { preferences } = await choicesOf(db(), scope.userId);
      const affected = preferences.filter((item) => scope.kind === null || item.kind === scope.kind);
      return {
        kind: scope.kind,
        label: scope.kind ? NOTIFICATION_KINDS[scope.kind].label : 'Notification mail',
        unsubscribed: affected.every((item) => item.mail === 'off'),
      };
    },

    /** POST /unsubscribe/{token}: one click, no sign-in (RFC 8058); doing it twice is the same. */
    async unsubscribe(token: string): Promise<Unsubscribe> {
      const scope = readUnsubscribeToken(ctx.config.jwtSecret, token);
      await db().transaction(async (tx) => {
        const { preferences } = await choicesOf(tx, scope.userId);
        await repo.savePreferences(
          tx,
          scope.userId,
          preferences
            .filter((item) => scope.kind === null || item.kind === scope.kind)
            .map((item) => ({ kind: item.kind, inApp: item.in_app, mail: 'off' as const })),
        );
      });
      return {
        kind: scope.kind,
        label: scope.kind ? NOTIFICATION_KINDS[scope.kind].label : 'Notification mail',
        unsubscribed: true,
      };
    },

    /** The daily digest: one mail per person of what waited for it; answers how many were written. */
    async sendDigests(): Promise<number> {
      let after = 0;
      let written = 0;
      for (;;) {
        const userIds = await repo.digestUsers(db(), after, DIGEST_BATCH);
        for (const userId of userIds) {
          await db().transaction((tx) => digestOf(tx, userId));
          written++;
        }
        if (userIds.length < DIGEST_BATCH) return written;
        after = userIds[userIds.length - 1] ?? after;
      }
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;
