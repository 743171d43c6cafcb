CREATE INDEX "charities_name_words_idx" ON "charities" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "businesses_name_words_idx" ON "businesses" USING gin (to_tsvector('simple', "name"));--> statement-breakpoint
CREATE INDEX "projects_live_title_words_idx" ON "projects" USING gin (to_tsvector('simple', "title")) WHERE "projects"."status" = 2;--> statement-breakpoint
CREATE INDEX "users_active_name_words_idx" ON "users" USING gin (to_tsvector('simple', "first_name" || ' ' || "last_name")) WHERE "users"."is_active" and "users"."deleted_at" is null;