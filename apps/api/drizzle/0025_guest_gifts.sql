CREATE TABLE "guest_givers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_by" bigint,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ADD COLUMN "guest_giver_id" bigint;--> statement-breakpoint
ALTER TABLE "guest_givers" ADD CONSTRAINT "guest_givers_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_givers_email_idx" ON "guest_givers" USING btree (lower("email"),"created_at");--> statement-breakpoint
ALTER TABLE "gift_aid_declarations" ADD CONSTRAINT "gift_aid_declarations_guest_giver_id_guest_givers_id_fk" FOREIGN KEY ("guest_giver_id") REFERENCES "public"."guest_givers"("id") ON DELETE no action ON UPDATE no action;