ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_fields";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "award" text;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_award_per_member" ON "ledger_entries" USING btree ("user_id","award") WHERE "ledger_entries"."award" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_fields" CHECK (("ledger_entries"."kind" = 'daily_reward' and "ledger_entries"."reward_window" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'referral_bonus' and "ledger_entries"."caused_by" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_credit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_debit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_hold' and "ledger_entries"."payout_id" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_release' and "ledger_entries"."payout_id" is not null and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'streak_bonus' and "ledger_entries"."award" is not null and "ledger_entries"."amount" > 0));