import { NOTIFICATION_KINDS, type Notification, type NotificationPreference } from '@kindred/shared';
import { fixtureOf } from '@/testing/fixtures';

/** An unread notification of Dana Donor's: River Trust accepted her offer of time. */
export const notificationFixture = fixtureOf<Notification>(() => ({
  id: 1,
  kind: 'gift_update',
  title: 'Your offer was accepted',
  body: 'River Trust accepted 3 hours to Clean-up of the river banks.',
  link: '/giving',
  account: null,
  created_at: '2026-12-02T10:05:00.000Z',
  read_at: null,
}));

/** Every kind at its default, with its words, as GET /user/notification_preferences answers. */
export function preferencesFixture(changes: Partial<Record<string, Partial<NotificationPreference>>> = {}) {
  return {
    preferences: Object.entries(NOTIFICATION_KINDS).map(([kind, words]) => ({
      kind,
      label: words.label,
      description: words.description,
      in_app: true,
      mail: words.mail,
      ...changes[kind],
    })),
  };
}
