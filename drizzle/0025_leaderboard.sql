ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_display_name_unique" ON "users" USING btree (lower("display_name"));