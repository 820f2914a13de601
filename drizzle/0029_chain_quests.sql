CREATE TABLE "allowance_sightings" (
	"user_id" integer NOT NULL,
	"wallet" text NOT NULL,
	"spender" text NOT NULL,
	"allowance" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "allowance_sightings_user_id_wallet_spender_pk" PRIMARY KEY("user_id","wallet","spender")
);
--> statement-breakpoint
CREATE TABLE "holding_samples" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"wallet" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holding_samples_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
-- Swaps indexed before carry no transaction sender: the index is read again from its start block (balances with it).
TRUNCATE "indexed_swaps", "indexed_liquidity_changes", "indexed_transfers", "token_balances", "chain_index_state";--> statement-breakpoint
ALTER TABLE "indexed_swaps" ADD COLUMN "tx_from" text NOT NULL;--> statement-breakpoint
ALTER TABLE "quest_receipts" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "allowance_sightings" ADD CONSTRAINT "allowance_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holding_samples" ADD CONSTRAINT "holding_samples_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "indexed_swaps_tx_from_idx" ON "indexed_swaps" USING btree ("pool","tx_from");