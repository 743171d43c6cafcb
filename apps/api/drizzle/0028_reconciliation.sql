CREATE TABLE "reconciliation_mismatches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"problem" text NOT NULL,
	"provider_amount" bigint,
	"books_amount" bigint,
	"payment_id" text,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"provider_records" integer NOT NULL,
	"matched" integer NOT NULL,
	"mismatches" integer NOT NULL,
	"ran_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reconciliation_mismatches_uq" ON "reconciliation_mismatches" USING btree ("kind","provider_id");--> statement-breakpoint
CREATE INDEX "reconciliation_mismatches_open_idx" ON "reconciliation_mismatches" USING btree ("resolved_at","first_seen_at");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_ran_idx" ON "reconciliation_runs" USING btree ("ran_at");