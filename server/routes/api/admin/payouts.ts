import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Address } from "viem";
import { batchIdParams, consoleRefusalText, SAFE_FILE_WITH_HOT_WALLET, voidedMessage } from "../../../../common/api/admin.ts";
import { senderRefusalText } from "../../../../common/api/hot-wallet.ts";
import { payoutRefusalText, reconcileSkippedText } from "../../../../common/api/payouts.ts";
import type { SiteConfig } from "../../../../config/site.ts";
import type { ServerEnv } from "../../../env.ts";
import { openAlerts } from "../../../services/console/alerts.ts";
import {
  batchPayoutsAsStaff,
  reconcileAsStaff,
  returnPayoutAsStaff,
  sendBatchAsStaff,
} from "../../../services/console/staff-money-moves.ts";
import {
  batchesOwingPayouts,
  batchPayouts,
  batchProgress,
  listPayouts,
  payoutsAboveBatchLimit,
} from "../../../services/payouts/batches.ts";
import { voidDeadTransaction } from "../../../services/payouts/dead-transaction.ts";
import { handOutSafeFile } from "../../../services/payouts/safe-file.ts";
import { SenderRefused } from "../../../services/payouts/sender-refused.ts";
import { reconcileDepsFrom, senderDepsFrom } from "../../../services/payouts/settings.ts";
import { endpoints, staffChange } from "../../endpoint.ts";
import { refuse } from "../../refusals.ts";
import { type CodeCheckDeps, codeAccepted } from "./code-check.ts";
import { actorOf } from "./guard.ts";

const LIST_LIMIT = 200;
const BATCH_COUNT_DEFAULT = 100;

type Options = CodeCheckDeps & { site: SiteConfig; env: ServerEnv };

/**
 * Payouts from the console, on the same services as `npm run admin -- payouts`:
 * batch, the Safe file, the hot wallet, reconciliation, returns. Money moves
 * (batch, send, return) are admin-only and take a fresh code from the app.
 */
export async function consolePayoutRoutes(fastify: FastifyInstance, options: Options) {
  const { db, clock, site, env } = options;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const hotWallet = Boolean(env.PAYOUT_SENDER_KEY || env.PAYOUT_SENDER_KEYSTORE);
  // Reconciliation's reading of the chain, built once: the settings do not change while the server runs.
  const chain = reconcileDepsFrom(env, site, { db, clock });

  const freshCode = (request: FastifyRequest, reply: FastifyReply, code: string) => codeAccepted(options, request, reply, { code });

  endpoint("GET /api/admin/payouts", { config: { consoleAccess: "console" } }, async (request) => {
    const [payouts, owing, alerts] = await Promise.all([
      listPayouts(db, { status: request.query.status, limit: LIST_LIMIT }),
      batchesOwingPayouts(db),
      openAlerts(db, 50),
    ]);
    return {
      payouts: payouts.map((payout) => ({
        id: payout.id,
        user_id: payout.userId,
        amount: payout.amount.toString(),
        address: payout.address,
        status: payout.status,
        batch_id: payout.batchId,
        tx_hash: payout.txHash,
        requested_at: payout.requestedAt.toISOString(),
        reason: payout.closeReason,
      })),
      alerts: alerts.map((alert) => ({
        id: alert.id,
        kind: alert.kind,
        subject: alert.subject,
        details: alert.details,
        created_at: alert.createdAt.toISOString(),
      })),
      batches_owing: owing,
      hot_wallet: hotWallet,
      fee_cap_gwei: env.PAYOUT_MAX_FEE_GWEI,
      chain: chain !== null,
    };
  });

  endpoint("POST /api/admin/payouts/batches", { config: staffChange("admin") }, async (request, reply) => {
    const body = request.body;
    if (!(await freshCode(request, reply, body.code))) return reply;
    const limits = {
      maxCount: body.max_count ?? BATCH_COUNT_DEFAULT,
      maxTotal: body.max_total === undefined ? env.PAYOUT_MAX_BATCH_TOKENS : BigInt(body.max_total),
    };
    const batch = await batchPayoutsAsStaff({ db, clock }, actorOf(request), limits, body.reason);
    const tooLarge = (await payoutsAboveBatchLimit(db, limits.maxTotal)).map((payout) => ({
      id: payout.id,
      amount: payout.amount.toString(),
    }));
    if (!batch) return { batch_id: null, count: 0, total: "0", too_large: tooLarge };
    return {
      batch_id: batch.batchId,
      count: batch.payouts.length,
      total: batch.total.toString(),
      too_large: tooLarge,
    };
  });

  endpoint("GET /api/admin/payouts/batches/:id", { config: { consoleAccess: "admin" } }, async (request, reply) => {
    const payouts = await batchPayouts(db, request.params.id);
    if (payouts.length === 0) return reply.code(404).send({ err_msg: "That batch does not exist." });
    const progress = batchProgress(payouts);
    return {
      batch_id: request.params.id,
      count: progress.owed.length,
      total: progress.owedTotal.toString(),
      paid: progress.paid,
      returned: progress.returned,
      fee_cap_gwei: env.PAYOUT_MAX_FEE_GWEI,
    };
  });

  app.get(
    "/api/admin/payouts/batches/:id/safe-file",
    { config: { consoleAccess: "admin" }, schema: { params: batchIdParams } },
    async (request, reply) => {
      if (!env.PAYOUT_TREASURY_ADDRESS) return reply.code(409).send({ err_msg: "Set PAYOUT_TREASURY_ADDRESS (the treasury Safe) first." });
      // The treasury is the hot wallet then, not a Safe: a file signed as well as a send could pay a member twice.
      if (hotWallet) return reply.code(409).send({ err_msg: SAFE_FILE_WITH_HOT_WALLET });
      const handed = await handOutSafeFile(
        { db, clock, site, treasury: env.PAYOUT_TREASURY_ADDRESS as Address, chain },
        actorOf(request),
        request.params.id,
      );
      if (!handed.ok) return refuse(reply, handed, consoleRefusalText);
      const file = handed.file;
      return reply
        .type("application/json; charset=utf-8")
        .header("content-disposition", `attachment; filename="${site.token.slug}-payouts-batch-${request.params.id}.json"`)
        .send(`${JSON.stringify(file, null, 2)}\n`);
    },
  );

  endpoint("POST /api/admin/payouts/batches/:id/send", { config: staffChange("admin") }, async (request, reply) => {
    const body = request.body;
    if (!(await freshCode(request, reply, body.code))) return reply;
    const batchId = request.params.id;
    try {
      const deps = await senderDepsFrom(env, site, { db, clock, report: (line) => request.log.info({ batchId }, line) });
      const summary = await sendBatchAsStaff(deps, actorOf(request), batchId, body.reason);
      return {
        signed: summary.signed,
        rebroadcast: summary.rebroadcast,
        already_paid: summary.alreadyPaid,
        returned: summary.returned,
        stuck: summary.stuck,
      };
    } catch (error) {
      if (error instanceof SenderRefused) return refuse(reply, error.refused, senderRefusalText);
      throw error;
    }
  });

  endpoint("POST /api/admin/payouts/reconcile", { config: staffChange("console") }, async (request, reply) => {
    if (!chain) return reply.code(409).send({ err_msg: "Set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to reconcile." });
    const { matched, confirmed, reverted, alerts, skipped } = await reconcileAsStaff(chain, actorOf(request), request.body.reason);
    return { matched, confirmed, reverted, alerts, skipped: skipped && reconcileSkippedText(skipped) };
  });

  endpoint(
    "POST /api/admin/payouts/:id/void-transaction",
    { config: staffChange("admin"), refusals: consoleRefusalText },
    async (request, reply) => {
      const body = request.body;
      if (!(await freshCode(request, reply, body.code))) return reply;
      if (!chain) return reply.code(409).send({ err_msg: "Set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS to read the chain." });
      const voided = await voidDeadTransaction(chain, request.params.id, { actor: actorOf(request), reason: body.reason });
      if (!voided.ok) return voided;
      return { suc_msg: voidedMessage(voided.dead) };
    },
  );

  endpoint("POST /api/admin/payouts/:id/return", { config: staffChange("admin"), refusals: payoutRefusalText }, async (request, reply) => {
    const body = request.body;
    if (!(await freshCode(request, reply, body.code))) return reply;
    const payoutId = request.params.id;
    const safeNonce = body.safe_nonce === undefined ? undefined : BigInt(body.safe_nonce);
    const result = await returnPayoutAsStaff({ db, clock, chain }, actorOf(request), payoutId, { reason: body.reason, safeNonce });
    if (!result.ok) return result;
    return { balance: result.balance.toString() };
  });
}
