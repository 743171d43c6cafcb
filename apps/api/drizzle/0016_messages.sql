CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"sender_type" smallint NOT NULL,
	"sender_id" bigint NOT NULL,
	"author_id" bigint,
	"recipient_type" smallint NOT NULL,
	"recipient_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" smallint NOT NULL,
	"dated_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"sender_archived_at" timestamp with time zone,
	"recipient_archived_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient_type","recipient_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_type","sender_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("thread_id","dated_at","id");--> statement-breakpoint
CREATE INDEX "messages_author_sent_idx" ON "messages" USING btree ("author_id","sent_at");