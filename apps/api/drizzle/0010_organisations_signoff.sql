CREATE TABLE "donation_signoffs" (
	"donation_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint,
	"charity_id" bigint NOT NULL,
	"project_id" bigint,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "donation_signoffs_donation_id_user_id_pk" PRIMARY KEY("donation_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "signoff_approvals" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "signoff_threshold" bigint;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "signoff_approvals_above" smallint;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "donation_signoffs" ADD CONSTRAINT "donation_signoffs_donation_id_donations_id_fk" FOREIGN KEY ("donation_id") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_signoffs" ADD CONSTRAINT "donation_signoffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;