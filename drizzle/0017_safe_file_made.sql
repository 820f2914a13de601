ALTER TABLE "payout_batches" ADD COLUMN "safe_file_at" timestamp with time zone;--> statement-breakpoint
-- A batch made before the server noted its Safe file's download may have had one: its payouts need the same proof to be returned.
UPDATE "payout_batches" SET "safe_file_at" = "created_at";
