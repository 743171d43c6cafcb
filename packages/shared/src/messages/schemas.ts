import { z } from 'zod';
import { pageQuerySchema } from '../common/pagination.js';

/** The longest subject and body of a message (plain text, docs/product/organisations.md#messages). */
export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 5000;
/** Messages one person may send (as themself or for any account) in the rate window. */
export const MESSAGE_SEND_LIMIT = 20;
export const MESSAGE_SEND_WINDOW_MINUTES = 10;

/**
 * Owner types (docs/product/wire-contract.md#owner-types): 1 Individual, 2 Organisation, 3 Charity,
 * 4 Project.
 */
export const MESSAGE_OWNER_TYPES = [1, 2, 3, 4] as const;
export type MessageOwnerType = (typeof MESSAGE_OWNER_TYPES)[number];

const ownerTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
  message: 'Choose 1 (person), 2 (organisation), 3 (charity) or 4 (project).',
});
const idSchema = z.number({ message: 'Enter an id.' }).int({ message: 'Enter an id.' }).positive({
  message: 'Enter an id.',
});
const ownerId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Path segments `{owner_type}/{owner_id}` of a mailbox. */
export const mailboxParamsSchema = z.object({
  owner_type: z.coerce.number().pipe(ownerTypeSchema),
  owner_id: ownerId,
});
/** Path segments `{owner_type}/{owner_id}/{message_id}`. */
export const messageParamsSchema = mailboxParamsSchema.extend({ message_id: ownerId });
export type MailboxParams = z.infer<typeof mailboxParamsSchema>;

/** Plain text: no control characters other than line breaks and tabs. */
const plainText = (max: number, what: string) =>
  z
    .string({ message: `Enter the ${what}.` })
    .max(max, { message: `At most ${max} characters.` })
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((value) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(value), {
      message: 'Use plain text only.',
    });

const subjectSchema = plainText(MESSAGE_SUBJECT_MAX, 'subject').transform((value) => value.trim());
const bodySchema = plainText(MESSAGE_BODY_MAX, 'message').transform((value) => value.replace(/\s+$/, ''));

/** POST /message/create: status 1 saves a draft, 2 sends (docs/product/organisations.md#messages). */
export const messageCreateBodySchema = z
  .object({
    owner_type: ownerTypeSchema,
    owner_id: idSchema,
    recipient_type: ownerTypeSchema,
    recipient_id: idSchema,
    subject: subjectSchema,
    body: bodySchema,
    status: z.union([z.literal(1), z.literal(2)], { message: 'Choose 1 (draft) or 2 (send).' }),
  })
  .strict()
  .superRefine((value, issue) => {
    if (value.subject === '')
      issue.addIssue({ code: 'custom', path: ['subject'], message: 'Enter a subject.' });
    if (value.status === 2 && value.body.trim() === '')
      issue.addIssue({ code: 'custom', path: ['body'], message: 'Write a message.' });
  });
export type MessageCreateBody = z.infer<typeof messageCreateBodySchema>;

/** PATCH /message/update/{a}/{b}/{c}: edit a draft; status 2 sends it. */
export const messageUpdateBodySchema = z
  .object({
    recipient_type: ownerTypeSchema.optional(),
    recipient_id: idSchema.optional(),
    subject: subjectSchema.optional(),
    body: bodySchema.optional(),
    status: z.union([z.literal(1), z.literal(2)], { message: 'Choose 1 (draft) or 2 (send).' }).optional(),
  })
  .strict()
  .superRefine((value, issue) => {
    if ((value.recipient_type === undefined) !== (value.recipient_id === undefined))
      issue.addIssue({
        code: 'custom',
        path: [value.recipient_type === undefined ? 'recipient_type' : 'recipient_id'],
        message: 'Give the recipient’s type and id together.',
      });
    if (value.subject === '')
      issue.addIssue({ code: 'custom', path: ['subject'], message: 'Enter a subject.' });
  });
export type MessageUpdateBody = z.infer<typeof messageUpdateBodySchema>;

/** POST /message/reply */
export const messageReplyBodySchema = z
  .object({
    owner_type: ownerTypeSchema,
    owner_id: idSchema,
    message_id: idSchema,
    body: bodySchema.refine((value) => value.trim() !== '', { message: 'Write a reply.' }),
  })
  .strict();
export type MessageReplyBody = z.infer<typeof messageReplyBodySchema>;

/** POST /message/mark_read */
export const messageMarkReadBodySchema = z
  .object({
    owner_type: ownerTypeSchema,
    owner_id: idSchema,
    message_ids: z
      .array(idSchema, { message: 'List the messages.' })
      .min(1, { message: 'List at least one message.' })
      .max(100, { message: 'At most 100 messages at once.' }),
  })
  .strict();
export type MessageMarkReadBody = z.infer<typeof messageMarkReadBodySchema>;

/** One side of a message: a person or an account, never an email. */
export const messagePartySchema = z.object({
  type: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  picture: z.string().nullable(),
});
export type MessageParty = z.infer<typeof messagePartySchema>;

/** A message as one mailbox sees it: `status` 9 when this mailbox archived it. */
export const messageSchema = z.object({
  id: z.number().int(),
  thread_id: z.number().int(),
  sender: messagePartySchema,
  recipient: messagePartySchema,
  subject: z.string(),
  body: z.string(),
  status: z.number().int(),
  /** `in` when this mailbox received it, `out` when it wrote it. */
  direction: z.enum(['in', 'out']),
  is_read: z.boolean(),
  sent_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST /message/mark_read answers the mailbox's unread count. */
export const markReadResponseSchema = z.object({ unread_messages: z.number().int() });

/** GET /message/mailboxes: each mailbox the person reads, with its unread count. */
export const mailboxSchema = z.object({
  owner_type: z.number().int(),
  owner_id: z.number().int(),
  name: z.string(),
  unread_messages: z.number().int(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;
export const mailboxesSchema = z.object({ items: z.array(mailboxSchema), unread_messages: z.number().int() });
export type Mailboxes = z.infer<typeof mailboxesSchema>;

/** GET /message/recipients?q=: people and accounts found by name (never an email). */
export const recipientSearchQuerySchema = z.object({
  q: z.string().trim().min(2, { message: 'Type at least 2 letters.' }).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});
export const recipientSchema = messagePartySchema.extend({ detail: z.string().nullable() });
export type Recipient = z.infer<typeof recipientSchema>;

export const messagePageQuerySchema = pageQuerySchema;
