CREATE TABLE "project_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_images" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"url" text NOT NULL,
	"caption" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_impacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"beneficiaries" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" bigint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "projects_status_end_idx";--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "charities" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce("charities"."name", '') || ' ' || coalesce("charities"."description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "post_code" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "funds_target" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "volunteering_hours" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "volunteering_start" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "volunteering_end" date;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "skill_needs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gift_needs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "giving_kinds" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "skill_types" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gift_types" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "funds_raised" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "donors_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "volunteering_pledged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "skilled_pledged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "gifts_pledged" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "finished_reason" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "created_by" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce("projects"."title", '') || ' ' || coalesce("projects"."summary", '') || ' ' || coalesce("projects"."description", ''))) STORED;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_documents" ADD CONSTRAINT "project_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_images" ADD CONSTRAINT "project_images_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_impacts" ADD CONSTRAINT "project_impacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_impacts" ADD CONSTRAINT "project_impacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_updates" ADD CONSTRAINT "project_updates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_documents_project_idx" ON "project_documents" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "project_images_project_idx" ON "project_images" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "project_impacts_project_idx" ON "project_impacts" USING btree ("project_id","created_at","id");--> statement-breakpoint
CREATE INDEX "project_updates_project_idx" ON "project_updates" USING btree ("project_id","created_at","id");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charities_name_idx" ON "charities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "charities_search_idx" ON "charities" USING gin ("search");--> statement-breakpoint
CREATE INDEX "charities_types_idx" ON "charities" USING gin ("charity_types");--> statement-breakpoint
CREATE INDEX "charities_location_idx" ON "charities" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "projects_live_created_idx" ON "projects" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_type","owner_id");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_kinds_idx" ON "projects" USING gin ("giving_kinds");--> statement-breakpoint
CREATE INDEX "projects_skills_idx" ON "projects" USING gin ("skill_types");--> statement-breakpoint
CREATE INDEX "projects_gifts_idx" ON "projects" USING gin ("gift_types");--> statement-breakpoint
CREATE INDEX "projects_types_idx" ON "projects" USING gin ("charity_types");--> statement-breakpoint
CREATE INDEX "projects_location_idx" ON "projects" USING btree ("status","latitude","longitude");--> statement-breakpoint
CREATE INDEX "projects_status_end_idx" ON "projects" USING btree ("status","end_date","id");