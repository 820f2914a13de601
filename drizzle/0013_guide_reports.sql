ALTER TABLE "contact_messages" ADD COLUMN "guide_path" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "guide_step" integer;--> statement-breakpoint
CREATE INDEX "contact_messages_guide_idx" ON "contact_messages" USING btree ("guide_path");