CREATE TABLE "quest_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quest_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"quest" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quiz_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quiz_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"quiz" text NOT NULL,
	"shown" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"correct" integer,
	"passed" boolean
);
--> statement-breakpoint
CREATE TABLE "xp_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "xp_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"award" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "xp_positive" CHECK ("xp_entries"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_fields";--> statement-breakpoint
ALTER TABLE "quest_receipts" ADD CONSTRAINT "quest_receipts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_entries" ADD CONSTRAINT "xp_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quest_receipts_member" ON "quest_receipts" USING btree ("user_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_token" ON "quiz_attempts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quiz_attempts_member_quiz" ON "quiz_attempts" USING btree ("user_id","quiz","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "xp_once_per_award" ON "xp_entries" USING btree ("user_id","award");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_fields" CHECK (("ledger_entries"."kind" = 'daily_reward' and "ledger_entries"."reward_window" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'referral_bonus' and "ledger_entries"."caused_by" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_credit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_debit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_hold' and "ledger_entries"."payout_id" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_release' and "ledger_entries"."payout_id" is not null and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" in ('streak_bonus', 'quest_reward') and "ledger_entries"."award" is not null and "ledger_entries"."amount" > 0));