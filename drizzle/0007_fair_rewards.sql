CREATE TABLE "claim_networks" (
	"user_id" integer NOT NULL,
	"network" text NOT NULL,
	"last_claim_at" timestamp with time zone NOT NULL,
	CONSTRAINT "claim_networks_user_id_network_pk" PRIMARY KEY("user_id","network")
);
--> statement-breakpoint
CREATE TABLE "payout_reviews" (
	"payout_id" bigint PRIMARY KEY NOT NULL,
	"signals" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"appeal" text,
	"appealed_at" timestamp with time zone,
	"decision" text,
	"reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "payout_reviews_decision_whole" CHECK (("payout_reviews"."decision" is null) = ("payout_reviews"."decided_at" is null) and ("payout_reviews"."decision" is null or "payout_reviews"."reason" is not null)),
	CONSTRAINT "payout_reviews_appeal_whole" CHECK (("payout_reviews"."appeal" is null) = ("payout_reviews"."appealed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "pending_referral_bonuses" (
	"reward_entry_id" bigint PRIMARY KEY NOT NULL,
	"referrer_id" integer NOT NULL,
	"referee_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"credited_at" timestamp with time zone,
	CONSTRAINT "pending_referral_amount_positive" CHECK ("pending_referral_bonuses"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "review_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"payout_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"text" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "used_altcha_challenges" (
	"challenge_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_batched_has_batch";--> statement-breakpoint
DROP INDEX "payouts_one_open_request";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_canonical" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_network" text;--> statement-breakpoint
ALTER TABLE "claim_networks" ADD CONSTRAINT "claim_networks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_reviews" ADD CONSTRAINT "payout_reviews_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_referral_bonuses" ADD CONSTRAINT "pending_referral_bonuses_reward_entry_id_ledger_entries_id_fk" FOREIGN KEY ("reward_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_referral_bonuses" ADD CONSTRAINT "pending_referral_bonuses_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_referral_bonuses" ADD CONSTRAINT "pending_referral_bonuses_referee_id_users_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_events" ADD CONSTRAINT "review_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signals" ADD CONSTRAINT "risk_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_networks_network_idx" ON "claim_networks" USING btree ("network","last_claim_at");--> statement-breakpoint
CREATE INDEX "pending_referral_referee_idx" ON "pending_referral_bonuses" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "pending_referral_referrer_idx" ON "pending_referral_bonuses" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "review_events_payout_idx" ON "review_events" USING btree ("payout_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_signals_once" ON "risk_signals" USING btree ("user_id","kind","subject");--> statement-breakpoint
CREATE INDEX "used_altcha_expires_idx" ON "used_altcha_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_unique" ON "users" USING btree ("email_canonical");--> statement-breakpoint
CREATE INDEX "users_signup_network_idx" ON "users" USING btree ("signup_network","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_request" ON "payouts" USING btree ("user_id") WHERE "payouts"."status" in ('in_review', 'requested');--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batched_has_batch" CHECK ("payouts"."status" in ('in_review', 'requested', 'cancelled', 'rejected') or "payouts"."batch_id" is not null);