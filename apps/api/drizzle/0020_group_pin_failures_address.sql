ALTER TABLE "group_pin_failures" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "group_pin_failures_ip_idx" ON "group_pin_failures" USING btree ("ip","at");