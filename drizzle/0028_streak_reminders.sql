CREATE TABLE "streak_reminders" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "streak_reminders_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "streak_reminder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "streak_reminders" ADD CONSTRAINT "streak_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;