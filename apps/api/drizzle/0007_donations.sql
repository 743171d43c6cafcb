CREATE SEQUENCE "public"."donation_receipt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000 CACHE 1;--> statement-breakpoint
CREATE TABLE "donation_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donation_id" bigint NOT NULL,
	"status" smallint NOT NULL,
	"by" bigint,
	"reason" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donor_type" text NOT NULL,
	"donor_id" bigint NOT NULL,
	"created_by" bigint,
	"method" smallint NOT NULL,
	"project_id" bigint,
	"charity_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"source" text NOT NULL,
	"frequency" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"next_date" date,
	"status" text NOT NULL,
	"failed_periods" integer DEFAULT 0 NOT NULL,
	"gift_aid" boolean DEFAULT false NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donation_subscriptions_amount_positive" CHECK ("donation_subscriptions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"method" smallint NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint NOT NULL,
	"donor_type" text NOT NULL,
	"donor_id" bigint NOT NULL,
	"created_by" bigint,
	"project_id" bigint,
	"charity_id" bigint NOT NULL,
	"amount" bigint,
	"source" text,
	"hours" integer,
	"confirmed_hours" integer,
	"date" date,
	"skill_type" smallint,
	"gift_type" smallint,
	"description" text,
	"quantity" integer,
	"estimated_value" bigint,
	"gift_aid" boolean DEFAULT false NOT NULL,
	"gift_aid_amount" bigint DEFAULT 0 NOT NULL,
	"gift_aid_declaration_id" bigint,
	"gift_aid_claim_id" bigint,
	"anonymous" boolean DEFAULT false NOT NULL,
	"message" text,
	"subscription_id" bigint,
	"period" date,
	"receipt_number" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount" is null or "donations"."amount" > 0),
	CONSTRAINT "donations_hours_positive" CHECK ("donations"."hours" is null or "donations"."hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_aid_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"charity_id" bigint NOT NULL,
	"created_by" bigint,
	"donations" integer NOT NULL,
	"total" bigint NOT NULL,
	"gift_aid" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_aid_declarations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"title" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"house" text NOT NULL,
	"address" text NOT NULL,
	"post_code" text NOT NULL,
	"text" text NOT NULL,
	"declared_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_retries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"period" date NOT NULL,
	"attempts" integer NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD COLUMN "donation_id" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hours_confirmed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "donation_history" ADD CONSTRAINT "donation_history_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_history" ADD CONSTRAINT "donation_history_by_users_id_fk" FOREIGN KEY ("by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_subscriptions" ADD CONSTRAINT "donation_subscriptions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_subscriptions" ADD CONSTRAINT "donation_subscriptions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_subscriptions" ADD CONSTRAINT "donation_subscriptions_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_gift_aid_declaration_id_gift_aid_declarations_id_fk" FOREIGN KEY ("gift_aid_declaration_id") REFERENCES "public"."gift_aid_declarations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_gift_aid_claim_id_gift_aid_claims_id_fk" FOREIGN KEY ("gift_aid_claim_id") REFERENCES "public"."gift_aid_claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_subscription_id_donation_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."donation_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD CONSTRAINT "gift_aid_claims_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_claims" ADD CONSTRAINT "gift_aid_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ADD CONSTRAINT "gift_aid_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_retries" ADD CONSTRAINT "subscription_retries_subscription_id_donation_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."donation_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_history_donation_idx" ON "donation_history" USING btree ("donation_id","at","id");--> statement-breakpoint
CREATE INDEX "donation_subscriptions_donor_idx" ON "donation_subscriptions" USING btree ("donor_type","donor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donation_subscriptions_due_idx" ON "donation_subscriptions" USING btree ("next_date") WHERE "donation_subscriptions"."status" in ('active', 'failing');--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" USING btree ("donor_type","donor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donations_charity_idx" ON "donations" USING btree ("charity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donations_project_idx" ON "donations" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "donations_project_donor_idx" ON "donations" USING btree ("project_id","donor_type","donor_id");--> statement-breakpoint
CREATE INDEX "donations_waiting_idx" ON "donations" USING btree ("status","created_at","id") WHERE "donations"."status" in (20, 30, 40, 80);--> statement-breakpoint
CREATE UNIQUE INDEX "donations_period_uq" ON "donations" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_receipt_uq" ON "donations" USING btree ("receipt_number");--> statement-breakpoint
CREATE INDEX "gift_aid_claims_charity_idx" ON "gift_aid_claims" USING btree ("charity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_aid_declarations_user_idx" ON "gift_aid_declarations" USING btree ("user_id","declared_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_aid_declarations_current_uq" ON "gift_aid_declarations" USING btree ("user_id") WHERE "gift_aid_declarations"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_retries_period_uq" ON "subscription_retries" USING btree ("subscription_id","period");--> statement-breakpoint
CREATE INDEX "subscription_retries_due_idx" ON "subscription_retries" USING btree ("next_attempt_at") WHERE "subscription_retries"."status" = 'open';--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_transactions_donation_idx" ON "ledger_transactions" USING btree ("donation_id") WHERE "ledger_transactions"."donation_id" is not null;