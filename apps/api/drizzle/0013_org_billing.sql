CREATE TABLE "business_subscriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text NOT NULL,
	"provider" text,
	"provider_method" text,
	"provider_method_label" text,
	"discount_code_id" bigint,
	"started_on" date NOT NULL,
	"current_period_start" date NOT NULL,
	"next_period_on" date NOT NULL,
	"set_by_platform" boolean DEFAULT false NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "discount_codes_uses_ck" CHECK ("discount_codes"."max_uses" is null or "discount_codes"."uses" <= "discount_codes"."max_uses")
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" bigint NOT NULL,
	"business_id" bigint NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"plan_name" text NOT NULL,
	"fee_type" smallint NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount_code" text,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"payment_method" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"retry_after" timestamp with time zone,
	"provider_payment_id" text,
	"ledger_transaction_id" bigint,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"fee" bigint NOT NULL,
	"fee_type" smallint NOT NULL,
	"currency" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "subscription_plans_fee_ck" CHECK ("subscription_plans"."fee" > 0),
	CONSTRAINT "subscription_plans_fee_type_ck" CHECK ("subscription_plans"."fee_type" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_plan_id_subscription_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."subscription_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_subscriptions" ADD CONSTRAINT "business_subscriptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_subscription_id_business_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."business_subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_subscriptions_active_uq" ON "business_subscriptions" USING btree ("business_id") WHERE "business_subscriptions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "business_subscriptions_due_idx" ON "business_subscriptions" USING btree ("status","next_period_on");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_uq" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period_uq" ON "subscription_invoices" USING btree ("subscription_id","period_start");--> statement-breakpoint
CREATE INDEX "subscription_invoices_business_idx" ON "subscription_invoices" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "subscription_invoices_due_idx" ON "subscription_invoices" USING btree ("status","retry_after");