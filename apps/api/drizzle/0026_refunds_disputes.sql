CREATE SEQUENCE "public"."credit_note_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "donation_disputes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donation_id" bigint NOT NULL,
	"provider_dispute_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"held_amount" bigint DEFAULT 0 NOT NULL,
	"held_owner_type" text,
	"held_owner_id" bigint,
	"status" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "donation_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donation_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"destination" text NOT NULL,
	"origin" text NOT NULL,
	"from_platform" boolean DEFAULT false NOT NULL,
	"held_owner_type" text,
	"held_owner_id" bigint,
	"provider_refund_id" text,
	"credit_note_number" text,
	"failure_message" text,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "donation_refunds_amount_positive" CHECK ("donation_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_aid_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charity_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"refund_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"claim_id" bigint,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donation_id" bigint NOT NULL,
	"charity_id" bigint NOT NULL,
	"created_by" bigint,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"answer" text,
	"answered_by" bigint,
	"refund_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"idempotency_key" text,
	"amount" bigint NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD COLUMN "adjustment" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_disputes" ADD CONSTRAINT "donation_disputes_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_refunds" ADD CONSTRAINT "donation_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_adjustments" ADD CONSTRAINT "gift_aid_adjustments_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_adjustments" ADD CONSTRAINT "gift_aid_adjustments_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_adjustments" ADD CONSTRAINT "gift_aid_adjustments_refund_id_donation_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."donation_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_adjustments" ADD CONSTRAINT "gift_aid_adjustments_claim_id_gift_aid_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."gift_aid_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_refund_id_donation_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."donation_refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "donation_disputes_provider_uq" ON "donation_disputes" USING btree ("provider_dispute_id");--> statement-breakpoint
CREATE INDEX "donation_disputes_donation_idx" ON "donation_disputes" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "donation_refunds_donation_idx" ON "donation_refunds" USING btree ("donation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donation_refunds_pending_idx" ON "donation_refunds" USING btree ("created_at") WHERE "donation_refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "donation_refunds_provider_uq" ON "donation_refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_refunds_credit_note_uq" ON "donation_refunds" USING btree ("credit_note_number");--> statement-breakpoint
CREATE INDEX "gift_aid_adjustments_open_idx" ON "gift_aid_adjustments" USING btree ("charity_id") WHERE "gift_aid_adjustments"."claim_id" is null;--> statement-breakpoint
CREATE INDEX "refund_requests_charity_idx" ON "refund_requests" USING btree ("charity_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "refund_requests_donation_idx" ON "refund_requests" USING btree ("donation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_open_uq" ON "refund_requests" USING btree ("donation_id") WHERE "refund_requests"."status" = 'open';--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_refunded_within_amount" CHECK ("donations"."refunded_amount" >= 0 and "donations"."refunded_amount" <= coalesce("donations"."amount", 0));