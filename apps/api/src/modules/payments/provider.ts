/**
 * The payment provider: everything outside our walls that moves card money. The built-in sandbox
 * is the default; Stripe is used when STRIPE_SECRET_KEY is set.
 */
export interface CardDetails {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

/** `refunded`: given back whole after it was captured (a gift that could not be recorded). */
export type ProviderPaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed' | 'refunded';

export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amount: number;
  currency: string;
  /** For a browser-side confirmation (Stripe Elements). */
  clientSecret: string | null;
  failureMessage: string | null;
}

export interface CreatePaymentInput {
  amount: number;
  currency: string;
  description: string;
  metadata: Record<string, string>;
  /** Card typed into our own form (sandbox); with Stripe the browser confirms with Elements. */
  card?: CardDetails | undefined;
  /** A saved card (`SavedMethod.id`), charged with the giver present: it may still ask for 3-D Secure. */
  methodId?: string | undefined;
  idempotencyKey: string;
}

export interface ProviderRefund {
  id: string;
  amount: number;
  /** Our refund's id, when we asked for it. */
  reference: string | null;
}

/**
 * One movement of money on the provider's side, for reconciliation: a charge captured, a refund, a
 * dispute lost (the bank took it back), a transfer to a charity. `id` is the provider's id of what we
 * keep: the payment's for a charge, the refund's, the dispute's, the transfer's.
 */
export interface ProviderRecord {
  kind: 'charge' | 'refund' | 'dispute' | 'transfer';
  id: string;
  /** The payment a refund or a dispute is of. */
  paymentId: string | null;
  amount: number;
  at: Date;
}

export interface SavedMethod {
  id: string;
  label: string;
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
}

export interface ProviderAccount {
  id: string;
  status: 'pending' | 'active' | 'restricted';
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  retrievePayment(id: string): Promise<ProviderPayment>;
  /**
   * A payment made with this idempotency key (the sandbox) or carrying this `kindred_payment_id`
   * (Stripe's search), for a payment whose answer never reached us; null when there is none.
   */
  findPayment(input: { idempotencyKey: string; reference: string }): Promise<ProviderPayment | null>;
  /** Keeps a card for a direct debit mandate. */
  saveMethod(input: { card?: CardDetails | undefined; methodId?: string | undefined }): Promise<SavedMethod>;
  /** Charges a kept card without the person present (direct debits, recurring gifts by card). */
  chargeMethod(input: Omit<CreatePaymentInput, 'card'> & { methodId: string }): Promise<ProviderPayment>;
  /**
   * Gives a captured payment back (whole, or `amount` of it), once per idempotency key: a gift that
   * could not be recorded after its card was charged, or a refund (`reference`: our refund's id).
   */
  refundPayment(input: {
    paymentId: string;
    amount?: number;
    idempotencyKey: string;
    reference?: string;
  }): Promise<ProviderRefund>;
  /** Every refund of a payment, whoever made it (ours, or one made in the provider's dashboard). */
  listRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** The provider's movements of money between two moments (reconciliation). */
  listRecords(since: Date, until: Date): Promise<ProviderRecord[]>;
  /**
   * A charity's payout account: created on first use, refreshed after. The sandbox takes the bank
   * details typed (Stripe's connected accounts keep their own).
   */
  upsertAccount(input: {
    existingId?: string | undefined;
    charityId: number;
    email?: string | null;
    name: string;
    bank?: { accountName: string; sortCode: string; accountNumber: string } | undefined;
  }): Promise<ProviderAccount>;
  /** Pays a charity's payout into its account, once per idempotency key (Stripe Connect: a transfer). */
  transfer(input: {
    accountId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    reference: string;
  }): Promise<{ id: string }>;
  retrieveAccount(id: string): Promise<ProviderAccount>;
}

/**
 * A provider event the API acts on (docs/product/refunds-and-disputes.md#the-providers-events), in
 * our words, from Stripe's webhook or raised by the sandbox. `paymentId` is the provider's payment.
 */
export type ProviderEvent =
  | { id: string; type: 'payment_intent.succeeded'; paymentId: string }
  | { id: string; type: 'payment_intent.payment_failed'; paymentId: string; message: string }
  | { id: string; type: 'charge.refunded'; paymentId: string }
  | { id: string; type: 'charge.dispute.created'; paymentId: string; disputeId: string; amount: number }
  | {
      id: string;
      type: 'charge.dispute.closed';
      paymentId: string;
      disputeId: string;
      amount: number;
      outcome: 'won' | 'lost';
    }
  | { id: string; type: 'other'; name: string };

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly declined: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
