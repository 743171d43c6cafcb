CREATE TABLE "business_matching" (
	"business_id" bigint PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"ratio_percent" smallint NOT NULL,
	"cap_per_employee" bigint NOT NULL,
	"annual_budget" bigint NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "business_matching_ratio" CHECK ("business_matching"."ratio_percent" between 1 and 1000),
	CONSTRAINT "business_matching_amounts" CHECK ("business_matching"."cap_per_employee" > 0 and "business_matching"."annual_budget" > 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "match_of" bigint;--> statement-breakpoint
ALTER TABLE "business_matching" ADD CONSTRAINT "business_matching_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_matching" ADD CONSTRAINT "business_matching_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_match_of_donations_id_fk" FOREIGN KEY ("match_of") REFERENCES "public"."donations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_match_of_idx" ON "donations" USING btree ("match_of");