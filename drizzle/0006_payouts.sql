CREATE TABLE "chain_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"payout_id" bigint,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chain_transfers_tx_hash_log_index_pk" PRIMARY KEY("tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "operator_alerts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "operator_alerts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payouts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"address" text NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"batch_id" integer,
	"batched_at" timestamp with time zone,
	"sender_address" text,
	"sender_nonce" integer,
	"signed_tx" text,
	"signed_tx_hash" text,
	"tx_hash" text,
	"block_number" bigint,
	"sent_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0),
	CONSTRAINT "payouts_batched_has_batch" CHECK ("payouts"."status" in ('requested', 'cancelled') or "payouts"."batch_id" is not null),
	CONSTRAINT "payouts_paid_has_tx" CHECK ("payouts"."status" not in ('sent', 'confirmed') or "payouts"."tx_hash" is not null),
	CONSTRAINT "payouts_signed_tx_whole" CHECK (("payouts"."signed_tx" is null) = ("payouts"."signed_tx_hash" is null) and ("payouts"."signed_tx" is null) = ("payouts"."sender_nonce" is null))
);
--> statement-breakpoint
CREATE TABLE "siwe_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"session_id_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_fields";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "payout_id" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "wallet_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chain_transfers" ADD CONSTRAINT "chain_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "siwe_nonces" ADD CONSTRAINT "siwe_nonces_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transfers_one_per_payout" ON "chain_transfers" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_block_idx" ON "chain_transfers" USING btree ("block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_alerts_once" ON "operator_alerts" USING btree ("kind","subject");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_open_request" ON "payouts" USING btree ("user_id") WHERE "payouts"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_signed_tx_per_nonce" ON "payouts" USING btree ("sender_address","sender_nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_signed_tx_hash_unique" ON "payouts" USING btree ("signed_tx_hash");--> statement-breakpoint
CREATE INDEX "siwe_nonces_session_idx" ON "siwe_nonces" USING btree ("session_id_hash");--> statement-breakpoint
CREATE INDEX "siwe_nonces_expires_idx" ON "siwe_nonces" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_hold_per_payout" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."kind" = 'payout_hold';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_release_per_payout" ON "ledger_entries" USING btree ("payout_id") WHERE "ledger_entries"."kind" = 'payout_release';--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_wallet_unique" ON "users" USING btree ("wallet_address") WHERE "users"."wallet_verified_at" is not null;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_fields" CHECK (("ledger_entries"."kind" = 'daily_reward' and "ledger_entries"."reward_window" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'referral_bonus' and "ledger_entries"."caused_by" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_credit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0)
        or ("ledger_entries"."kind" = 'admin_debit' and "ledger_entries"."reason" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_hold' and "ledger_entries"."payout_id" is not null and "ledger_entries"."amount" < 0)
        or ("ledger_entries"."kind" = 'payout_release' and "ledger_entries"."payout_id" is not null and "ledger_entries"."reason" is not null and "ledger_entries"."amount" > 0));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_verified_wallet_present" CHECK ("users"."wallet_verified_at" is null or "users"."wallet_address" is not null);