ALTER TABLE "group_pin_failures" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "group_pin_failures_ip_idx" ON "group_pin_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "project_documents_url_idx" ON "project_documents" USING btree ("url");--> statement-breakpoint
CREATE INDEX "project_images_url_idx" ON "project_images" USING btree ("url");--> statement-breakpoint
CREATE INDEX "project_impacts_images_idx" ON "project_impacts" USING gin ("images" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "projects_logo_idx" ON "projects" USING btree ("logo");