CREATE TABLE "chain_index_state" (
	"name" text PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"last_block_hash" text NOT NULL,
	"last_block_time" timestamp with time zone NOT NULL,
	"sqrt_price_x96" numeric(78, 0) NOT NULL,
	"tick" integer NOT NULL,
	"liquidity" numeric(78, 0) NOT NULL,
	"pool_balance0" numeric(78, 0) NOT NULL,
	"pool_balance1" numeric(78, 0) NOT NULL,
	"total_supply" numeric(78, 0) NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexed_liquidity_changes" (
	"pool" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"kind" text NOT NULL,
	"owner" text NOT NULL,
	"tick_lower" integer NOT NULL,
	"tick_upper" integer NOT NULL,
	"liquidity" numeric(78, 0) NOT NULL,
	"amount0" numeric(78, 0) NOT NULL,
	"amount1" numeric(78, 0) NOT NULL,
	CONSTRAINT "indexed_liquidity_changes_block_hash_log_index_pk" PRIMARY KEY("block_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "indexed_swaps" (
	"pool" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"amount0" numeric(78, 0) NOT NULL,
	"amount1" numeric(78, 0) NOT NULL,
	"sqrt_price_x96" numeric(78, 0) NOT NULL,
	"liquidity" numeric(78, 0) NOT NULL,
	"tick" integer NOT NULL,
	CONSTRAINT "indexed_swaps_block_hash_log_index_pk" PRIMARY KEY("block_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "indexed_transfers" (
	"token" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	CONSTRAINT "indexed_transfers_block_hash_log_index_pk" PRIMARY KEY("block_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "token_balances" (
	"token" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "token_balances_token_holder_pk" PRIMARY KEY("token","holder")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_liquidity_changes_tx_log" ON "indexed_liquidity_changes" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "indexed_liquidity_changes_block_idx" ON "indexed_liquidity_changes" USING btree ("block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_swaps_tx_log" ON "indexed_swaps" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "indexed_swaps_pool_time_idx" ON "indexed_swaps" USING btree ("pool","block_time");--> statement-breakpoint
CREATE INDEX "indexed_swaps_block_idx" ON "indexed_swaps" USING btree ("block_number");--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_transfers_tx_log" ON "indexed_transfers" USING btree ("tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "indexed_transfers_block_idx" ON "indexed_transfers" USING btree ("block_number");--> statement-breakpoint
CREATE INDEX "indexed_transfers_to_idx" ON "indexed_transfers" USING btree ("token","to_address");--> statement-breakpoint
CREATE INDEX "indexed_transfers_from_idx" ON "indexed_transfers" USING btree ("token","from_address");--> statement-breakpoint
CREATE INDEX "token_balances_balance_idx" ON "token_balances" USING btree ("token","balance");