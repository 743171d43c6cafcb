CREATE TABLE "fundraiser_posts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fundraiser_id" bigint NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fundraisers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"group_id" bigint,
	"business_id" bigint,
	"project_id" bigint,
	"charity_id" bigint NOT NULL,
	"title" text NOT NULL,
	"story" text NOT NULL,
	"picture" text,
	"target" bigint NOT NULL,
	"end_date" date NOT NULL,
	"raised" bigint DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" bigint,
	"hidden_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fundraisers_target_positive" CHECK ("fundraisers"."target" > 0),
	CONSTRAINT "fundraisers_counts_not_negative" CHECK ("fundraisers"."raised" >= 0 and "fundraisers"."gifts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "fundraiser_id" bigint;--> statement-breakpoint
ALTER TABLE "fundraiser_posts" ADD CONSTRAINT "fundraiser_posts_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_charity_id_charities_id_fk" FOREIGN KEY ("charity_id") REFERENCES "public"."charities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fundraiser_posts_fundraiser_idx" ON "fundraiser_posts" USING btree ("fundraiser_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fundraisers_user_idx" ON "fundraisers" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "fundraisers_group_idx" ON "fundraisers" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "fundraisers_project_idx" ON "fundraisers" USING btree ("project_id","raised");--> statement-breakpoint
CREATE INDEX "fundraisers_charity_idx" ON "fundraisers" USING btree ("charity_id","created_at","id");--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_fundraiser_id_fundraisers_id_fk" FOREIGN KEY ("fundraiser_id") REFERENCES "public"."fundraisers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donations_fundraiser_idx" ON "donations" USING btree ("fundraiser_id","created_at","id") WHERE "donations"."fundraiser_id" is not null;