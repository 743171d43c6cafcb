import { z } from 'zod';

/*
 * Notifications (docs/product/notifications.md): what a person is told in the app and by mail, and
 * how they choose it.
 */

/** How a kind of notification is mailed: at once, in one daily digest, or not at all. */
export const MAIL_CHOICES = ['now', 'daily', 'off'] as const;
export type MailChoice = (typeof MAIL_CHOICES)[number];

/**
 * The kinds a person can choose about, in the order the preferences list them, with the default
 * each starts at. Receipts, credit notes, failed payments and security mail are not among them:
 * they always go (docs/product/notifications.md#mail-that-always-goes).
 */
export const NOTIFICATION_KINDS = {
  gift_update: {
    label: 'My gifts',
    description: 'A gift of yours is signed off, approved, matched, declined, delivered or refunded.',
    mail: 'now',
  },
  gift_received: {
    label: 'Gifts to my charity',
    description: 'A gift reaches a charity you run.',
    mail: 'daily',
  },
  offer_waiting: {
    label: 'Offers to answer',
    description: 'An offer of time or goods waits for your charity’s answer.',
    mail: 'now',
  },
  signoff_request: {
    label: 'Sign-off requests',
    description: 'A gift on behalf of your organisation waits for your sign-off.',
    mail: 'now',
  },
  dispute: {
    label: 'Disputed gifts',
    description: 'A giver’s bank disputes a gift to your charity, or the dispute closes.',
    mail: 'now',
  },
  payout: {
    label: 'Payouts',
    description: 'A payout to your charity’s bank account is paid or fails.',
    mail: 'now',
  },
  project_update: {
    label: 'Projects',
    description: 'A project you gave to, or run, is completed or cancelled.',
    mail: 'daily',
  },
  membership: {
    label: 'Members and requests',
    description: 'Someone asks to join an account you run, joins it, or answers your request to join.',
    mail: 'now',
  },
  fundraiser: {
    label: 'My fundraising pages',
    description: 'Someone gives through a fundraising page of yours, or its charity takes it down.',
    mail: 'now',
  },
  message: {
    label: 'Messages',
    description: 'A message arrives for you or an account you act for.',
    mail: 'now',
  },
} as const satisfies Record<string, { label: string; description: string; mail: MailChoice }>;

export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const NOTIFICATION_KIND_CODES = Object.keys(NOTIFICATION_KINDS) as [
  NotificationKind,
  ...NotificationKind[],
];

const kindSchema = z.enum(NOTIFICATION_KIND_CODES, {
  message: 'Choose a kind of notification from the list.',
});
const mailChoiceSchema = z.enum(MAIL_CHOICES, { message: 'Choose now, daily or off.' });

/** The account a notification is about, when the person was told as one of its admins. */
export const notificationAccountSchema = z.object({
  type: z.enum(['charity', 'business']),
  id: z.number().int(),
  name: z.string(),
});

/** One notification, newest first in its list (GET /notifications). */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: kindSchema,
  title: z.string(),
  body: z.string(),
  /** Where in the app it is about, a path such as `/giving`. */
  link: z.string(),
  account: notificationAccountSchema.nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });

/** POST /notifications/mark_read: some notifications by id, or all of them. */
export const markReadBodySchema = z.union([
  z
    .object({
      ids: z
        .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), {
          message: 'Name the notifications.',
        })
        .min(1, { message: 'Name at least one notification.' })
        .max(100, { message: 'Name at most 100 notifications at a time.' }),
    })
    .strict(),
  z
    .object({ all: z.literal(true, { message: 'Send "all": true to mark every notification read.' }) })
    .strict(),
]);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

/** A person's choice for one kind. */
export const notificationPreferenceSchema = z.object({
  kind: kindSchema,
  in_app: z.boolean(),
  mail: mailChoiceSchema,
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** GET and PUT /user/notification_preferences: every kind, with its words. */
export const notificationPreferencesSchema = z.object({
  preferences: z.array(notificationPreferenceSchema.extend({ label: z.string(), description: z.string() })),
});

/** PUT /user/notification_preferences: the kinds to change (the others stay as they are). */
export const notificationPreferencesBodySchema = z
  .object({
    preferences: z
      .array(notificationPreferenceSchema.strict())
      .min(1, { message: 'Choose at least one kind.' })
      .max(NOTIFICATION_KIND_CODES.length)
      .refine((list) => new Set(list.map((item) => item.kind)).size === list.length, {
        message: 'Name each kind once.',
      }),
  })
  .strict();
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBodySchema>;

/** GET and POST /unsubscribe/{token}: the kind of mail a link stops (or every kind), and whether it has. */
export const unsubscribeSchema = z.object({
  kind: kindSchema.nullable(),
  label: z.string(),
  unsubscribed: z.boolean(),
});
export type Unsubscribe = z.infer<typeof unsubscribeSchema>;

/** Default choices of a kind for someone who has not chosen. */
export function defaultPreference(kind: NotificationKind): NotificationPreference {
  return { kind, in_app: true, mail: NOTIFICATION_KINDS[kind].mail };
}
