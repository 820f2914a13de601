ALTER TABLE "users" ADD COLUMN "first_quiz_passed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "first_quiz_passed_at" = (SELECT min("submitted_at") FROM "quiz_attempts" WHERE "quiz_attempts"."user_id" = "users"."id" AND "passed") WHERE EXISTS (SELECT 1 FROM "quiz_attempts" WHERE "quiz_attempts"."user_id" = "users"."id" AND "passed");
