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

export type ProviderPaymentStatus = 'requires_action' | 'processing' | 'succeeded' | 'failed';

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
  idempotencyKey: string;
}

export interface SavedMethod {
  id: string;
  label: string;
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
  /** Keeps a card for a direct debit mandate. */
  saveMethod(input: { card?: CardDetails | undefined; methodId?: string | undefined }): Promise<SavedMethod>;
  /** Charges a kept card without the person present (direct debits). */
  chargeMethod(input: Omit<CreatePaymentInput, 'card'> & { methodId: string }): Promise<ProviderPayment>;
  /** A charity's payout account: created on first use, refreshed after. */
  upsertAccount(input: {
    existingId?: string | undefined;
    charityId: number;
    email?: string | null;
    name: string;
  }): Promise<ProviderAccount>;
  retrieveAccount(id: string): Promise<ProviderAccount>;
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly declined: boolean,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
