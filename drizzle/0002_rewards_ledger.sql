CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reward_window" integer,
	"caused_by" bigint,
	"reason" text,
	CONSTRAINT "ledger_amount_not_zero" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_kind_fields" CHECK (("ledger_entries"."kind" = 'daily_reward' and "ledger_entries"."reward_window" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'referral_bonus' and "ledger_entries"."caused_by" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_credit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_debit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" < 0))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_address" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_claim_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "claim_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_caused_by_ledger_entries_id_fk" FOREIGN KEY ("caused_by") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_time_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_reward_per_window" ON "ledger_entries" USING btree ("user_id","reward_window") WHERE "ledger_entries"."kind" = 'daily_reward';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_bonus_per_claim" ON "ledger_entries" USING btree ("caused_by") WHERE "ledger_entries"."kind" = 'referral_bonus';