ALTER TABLE "businesses" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
CREATE INDEX "businesses_approval_idx" ON "businesses" USING btree ("approval_status","id");