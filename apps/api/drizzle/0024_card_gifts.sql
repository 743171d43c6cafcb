CREATE TABLE "payment_methods" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"provider" text NOT NULL,
	"provider_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" smallint NOT NULL,
	"exp_year" smallint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"last4" text NOT NULL,
	"client_secret" text,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_payments_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "donation_subscriptions" ADD COLUMN "payment_method_id" bigint;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "payment_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "purpose" text DEFAULT 'deposit' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "intent" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "donation_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_method_id" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_scope" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_uq" ON "payment_methods" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE INDEX "payment_methods_owner_idx" ON "payment_methods" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_uq" ON "payments" USING btree ("idempotency_scope","idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_open_gifts_idx" ON "payments" USING btree ("purpose","status","created_at");