CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"payout_id" bigint NOT NULL,
	"donation_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "payout_items_payout_id_donation_id_pk" PRIMARY KEY("payout_id","donation_id"),
	CONSTRAINT "payout_items_amount_positive" CHECK ("payout_items"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payout_schedules" (
	"charity_id" bigint PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"next_on" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" bigint
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charity_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"scheduled" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"transfer_id" text,
	"failure_message" text,
	"requested_by" bigint,
	"approved_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "account_name" text;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "sort_code" text;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "account_last4" text;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "provider_accounts" ADD COLUMN "verified_by" bigint;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_schedules" ADD CONSTRAINT "payout_schedules_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_schedules" ADD CONSTRAINT "payout_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payout_items_donation_idx" ON "payout_items" USING btree ("donation_id");--> statement-breakpoint
CREATE INDEX "payouts_charity_idx" ON "payouts" USING btree ("charity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at","id");