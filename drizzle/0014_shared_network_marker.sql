ALTER TABLE "claim_networks" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "claim_networks_unflagged_idx" ON "claim_networks" USING btree ("network","last_claim_at") WHERE "claim_networks"."flagged_at" is null;--> statement-breakpoint
UPDATE "claim_networks" SET "flagged_at" = "risk_signals"."created_at" FROM "risk_signals" WHERE "risk_signals"."user_id" = "claim_networks"."user_id" AND "risk_signals"."kind" = 'shared_network_claims' AND "risk_signals"."subject" = "claim_networks"."network";
