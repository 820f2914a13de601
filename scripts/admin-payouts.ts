import { writeFileSync } from "node:fs";
import type { Address } from "viem";
import { consoleRefusalText, voidedMessage } from "../common/api/admin.ts";
import { senderRefusalText } from "../common/api/hot-wallet.ts";
import { payoutRefusalText } from "../common/api/payouts.ts";
import type { SiteConfig } from "../config/site.ts";
import { systemClock } from "../server/clock.ts";
import type { Database } from "../server/db/client.ts";
import type { ServerEnv } from "../server/env.ts";
import { batchPayoutsAsStaff, returnPayoutAsStaff, sendBatchAsStaff } from "../server/services/console/staff-money-moves.ts";
import { listPayouts, payoutsAboveBatchLimit } from "../server/services/payouts/batches.ts";
import { voidDeadTransaction } from "../server/services/payouts/dead-transaction.ts";
import { reconcileTransfers } from "../server/services/payouts/reconcile.ts";
import { handOutSafeFile } from "../server/services/payouts/safe-file.ts";
import { sendBatch } from "../server/services/payouts/sender.ts";
import { SenderRefused } from "../server/services/payouts/sender-refused.ts";
import { reconcileDepsFrom, senderDepsFrom } from "../server/services/payouts/settings.ts";
import { UsageError } from "./usage-error.ts";

export const PAYOUTS_HELP = `  payouts list [--status S] [--limit N]        payouts, newest first
  payouts batch [--max-count N] [--max-total TOKENS] [--reason TEXT]
                                               freeze requested payouts, oldest first, into a batch
  payouts export BATCH [--out FILE]            Safe Transaction Builder JSON for what a batch still owes
  payouts send BATCH [--dry-run] [--reason TEXT]
                                               pay a batch from the hot wallet (PAYOUT_SENDER_KEY)
  payouts reconcile                            settle payouts from the chain's Transfer logs
  payouts return PAYOUT --reason TEXT [--safe-nonce N]
                                               give an unpaid payout back to the balance; from a batch whose
                                               Safe file was exported, once Safe nonce N is used without paying it
  payouts void PAYOUT --reason TEXT            forget a hot-wallet transaction the chain proves can never be
                                               mined (another took its nonce); the next send signs it again`;

export type PayoutOptions = {
  status?: string;
  limit: number;
  maxCount?: string;
  maxTotal?: string;
  out?: string;
  dryRun?: boolean;
  reason?: string;
  safeNonce?: string;
};

function wholeNumber(text: string | undefined, what: string): bigint {
  if (!text || !/^\d+$/.test(text)) throw new UsageError(`${what} must be a whole number`);
  return BigInt(text);
}

function requireTreasury(env: ServerEnv): Address {
  if (!env.PAYOUT_TREASURY_ADDRESS) throw new UsageError("set PAYOUT_TREASURY_ADDRESS (the treasury Safe) first");
  return env.PAYOUT_TREASURY_ADDRESS as Address;
}

/** `npm run admin -- payouts …`: the same services the server and its job use. */
export async function runPayoutsCommand(
  args: string[],
  options: PayoutOptions,
  { db, env, site }: { db: Database; env: ServerEnv; site: SiteConfig },
): Promise<number> {
  const [action, target] = args;
  const clock = systemClock;
  switch (action) {
    case "list": {
      for (const payout of await listPayouts(db, { status: options.status, limit: options.limit })) {
        console.log(
          [
            payout.id,
            payout.status,
            `${payout.amount} ${site.token.symbol}`,
            payout.address,
            payout.batchId ?? "-",
            payout.txHash ?? "-",
            payout.requestedAt.toISOString(),
          ].join("\t"),
        );
      }
      return 0;
    }
    case "batch": {
      const maxCount = options.maxCount === undefined ? 100n : wholeNumber(options.maxCount, "--max-count");
      const maxTotal = options.maxTotal === undefined ? env.PAYOUT_MAX_BATCH_TOKENS : wholeNumber(options.maxTotal, "--max-total");
      if (maxCount < 1n) throw new UsageError("--max-count must be at least 1");
      const reason = options.reason?.trim() || "payouts batch from the shell";
      const batch = await batchPayoutsAsStaff({ db, clock }, "shell", { maxCount: Number(maxCount), maxTotal }, reason);
      if (batch) {
        console.log(`Batch ${batch.batchId}: ${batch.payouts.length} payouts, ${batch.total} ${site.token.symbol}.`);
      } else console.log("No requested payouts fit; nothing was batched.");
      for (const payout of await payoutsAboveBatchLimit(db, maxTotal))
        console.log(
          `Payout ${payout.id} asks for ${payout.amount} ${site.token.symbol}, more than a whole batch (${maxTotal}): no batch takes it. Return it, or batch it with a higher --max-total and pay it through the Safe.`,
        );
      return 0;
    }
    case "export": {
      const batchId = Number(wholeNumber(target, "BATCH"));
      const chain = reconcileDepsFrom(env, site, { db, clock });
      const handed = await handOutSafeFile({ db, clock, site, treasury: requireTreasury(env), chain }, "shell", batchId);
      if (!handed.ok)
        throw new UsageError(handed.refusal === "unknown_batch" ? `batch ${batchId} does not exist` : consoleRefusalText(handed));
      const json = `${JSON.stringify(handed.file, null, 2)}\n`;
      if (options.out) {
        writeFileSync(options.out, json, { flag: "wx" });
        console.log(`Wrote ${options.out}: import it in Safe{Wallet} → Apps → Transaction Builder.`);
      } else process.stdout.write(json);
      return 0;
    }
    case "send": {
      const batchId = Number(wholeNumber(target, "BATCH"));
      try {
        const deps = await senderDepsFrom(env, site, { db, clock, report: (line) => console.log(line) });
        const reason = options.reason?.trim() || "payouts send from the shell";
        const summary =
          options.dryRun === true
            ? await sendBatch(deps, batchId, { dryRun: true })
            : await sendBatchAsStaff(deps, "shell", batchId, reason);
        console.log(JSON.stringify(summary));
        return 0;
      } catch (error) {
        if (error instanceof SenderRefused) throw new UsageError(senderRefusalText(error.refused));
        throw error;
      }
    }
    case "reconcile": {
      const deps = reconcileDepsFrom(env, site, { db, clock });
      if (!deps) throw new UsageError("set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to reconcile");
      console.log(JSON.stringify(await reconcileTransfers(deps)));
      return 0;
    }
    case "return": {
      const payoutId = Number(wholeNumber(target, "PAYOUT"));
      const safeNonce = options.safeNonce === undefined ? undefined : wholeNumber(options.safeNonce, "--safe-nonce");
      const chain = reconcileDepsFrom(env, site, { db, clock });
      const result = await returnPayoutAsStaff({ db, clock, chain }, "shell", payoutId, { reason: options.reason ?? "", safeNonce });
      if (!result.ok) throw new UsageError(payoutRefusalText(result));
      console.log(`Payout ${payoutId} returned; the member's balance is now ${result.balance} ${site.token.symbol}.`);
      return 0;
    }
    case "void": {
      const payoutId = Number(wholeNumber(target, "PAYOUT"));
      if (!options.reason?.trim()) throw new UsageError("say why with --reason");
      const deps = reconcileDepsFrom(env, site, { db, clock });
      if (!deps) throw new UsageError("set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to read the chain");
      const voided = await voidDeadTransaction(deps, payoutId, { actor: "shell", reason: options.reason.trim() });
      if (!voided.ok) throw new UsageError(consoleRefusalText(voided));
      console.log(voidedMessage(voided.dead));
      return 0;
    }
    default:
      throw new UsageError(`unknown payouts action "${action ?? ""}"\n\n${PAYOUTS_HELP}`);
  }
}
