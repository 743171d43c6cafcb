CREATE TABLE "queued_notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "queued_notices_due_idx" ON "queued_notices" USING btree ("next_attempt_at","id") WHERE "queued_notices"."sent_at" is null and "queued_notices"."gave_up_at" is null;