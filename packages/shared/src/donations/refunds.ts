import { z } from 'zod';
import { MAX_INT_ID } from '../common/limits.js';
import { text } from '../common/text.js';
import { amountSchema } from '../wallet/schemas.js';

/* Money back (docs/product/refunds-and-disputes.md): refunds, givers' requests for one, disputes. */

/** A giver may ask for a refund this many days after giving. */
export const REFUND_REQUEST_DAYS = 30;
export const REFUND_REASON_MAX_LENGTH = 500;

const reason = (message: string) => text(REFUND_REASON_MAX_LENGTH).min(1, { message });

/** POST /donation/{id}/refund: the charity's admins or a platform admin give money back. */
export const refundBodySchema = z
  .object({
    /** Minor units; without it, all that is left of the gift. */
    amount: amountSchema.optional(),
    reason: reason('Say why the gift is refunded.'),
    /**
     * A platform admin only: refund money the charity has already been paid out, from the
     * platform's own funds (the reason is kept with the decision).
     */
    from_platform: z.boolean().optional(),
  })
  .strict();
export type RefundBody = z.infer<typeof refundBodySchema>;

/** Where a refund's money went: back the way it came. */
export const REFUND_DESTINATIONS = ['wallet', 'credits', 'card'] as const;
/** Who started it: Kindred (a charity or platform admin), the payment provider's dashboard, or a dispute lost. */
export const REFUND_ORIGINS = ['kindred', 'provider', 'dispute'] as const;

export const refundSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  /** `pending` while the card's refund is with the payment provider. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  to: z.enum(REFUND_DESTINATIONS),
  origin: z.enum(REFUND_ORIGINS),
  /** `KC-<year>-<number>`, once the money is back. */
  credit_note_number: z.string().nullable(),
  /** Paid from the platform's own funds (the charity had been paid out). */
  from_platform: z.boolean(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundAnswerSchema = z.object({
  refund: refundSchema,
  donation_id: z.number().int(),
  refunded_amount: z.number().int(),
  status: z.number().int(),
  status_label: z.string(),
});

/** POST /donation/{id}/refund_request: the giver asks, within 30 days. */
export const refundRequestBodySchema = z
  .object({ reason: reason('Say why you would like your money back.') })
  .strict();
export type RefundRequestBody = z.infer<typeof refundRequestBodySchema>;

export const REFUND_REQUEST_STATUSES = ['open', 'accepted', 'declined'] as const;

export const refundRequestSchema = z.object({
  id: z.number().int(),
  donation_id: z.number().int(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  reason: z.string(),
  /** The charity's reason, when it declined. */
  answer: z.string().nullable(),
  created_at: z.string(),
  answered_at: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** POST /charity/{id}/refund_requests/{requestId}: accept (the rest of the gift is refunded) or decline. */
export const answerRefundRequestBodySchema = z
  .object({
    action: z.enum(['accept', 'decline'], { message: 'Accept or decline.' }),
    reason: text(REFUND_REASON_MAX_LENGTH).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.action === 'decline' && !body.reason?.trim())
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why, so the giver knows.' });
  });
export type AnswerRefundRequestBody = z.infer<typeof answerRefundRequestBodySchema>;

export const DISPUTE_STATUSES = ['open', 'won', 'lost'] as const;
export const disputeSchema = z.object({ status: z.enum(DISPUTE_STATUSES), amount: z.number().int() });
export type Dispute = z.infer<typeof disputeSchema>;

/** The provider events the sandbox can raise (named as Stripe's), POST /sandbox/events. */
export const SANDBOX_EVENT_TYPES = [
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
  'payment_intent.payment_failed',
] as const;
export const sandboxEventBodySchema = z
  .object({
    type: z.enum(SANDBOX_EVENT_TYPES, { message: 'Choose an event.' }),
    /** The gift's payment (a donation's `payment_id`). */
    payment_id: z.number().int().positive().max(MAX_INT_ID),
    /** Minor units; without it, the whole payment (a refund: what is left of it). */
    amount: amountSchema.optional(),
    /** `charge.dispute.closed` only. */
    outcome: z.enum(['won', 'lost']).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.type === 'charge.dispute.closed' && !body.outcome)
      ctx.addIssue({
        code: 'custom',
        path: ['outcome'],
        message: 'Say whether the dispute was won or lost.',
      });
    if (body.type !== 'charge.dispute.closed' && body.outcome)
      ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'Only a closed dispute has an outcome.' });
  });
export type SandboxEventBody = z.infer<typeof sandboxEventBodySchema>;
