import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  APPEAL_SENT,
  PAYOUT_CANCELLED,
  type PayoutView,
  payoutRefusalText,
  reviewRefusalText,
  verifyWalletRefusalText,
} from "../../../common/api/payouts.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { cancelPayout, type PayoutRow, payoutsFor, requestPayout } from "../../services/payouts/requests.ts";
import { appealReview, reviewStatesFor } from "../../services/payouts/review.ts";
import { issueSiweNonce, type SignatureVerifier, verifyWallet } from "../../services/payouts/siwe.ts";
import { heldForPayouts, verifiedWalletOf } from "../../services/payouts/wallet.ts";
import { endpoints, memberForm } from "../endpoint.ts";

export type PayoutRoutesOptions = {
  site: SiteConfig;
  db: Database;
  clock: Clock;
  verifySignature: SignatureVerifier;
  /** Outside production a message may also name the address the site was reached at (a dev port, the e2e server). */
  acceptRequestOrigin: boolean;
  minAccountAgeDays: number;
};

function payoutView(payout: PayoutRow, review: { appealed: boolean } | null = null): PayoutView {
  return {
    id: payout.id,
    amount: payout.amount.toString(),
    address: payout.address,
    status: payout.status,
    requested_at: payout.requestedAt.toISOString(),
    tx_hash: payout.txHash,
    reason: payout.closeReason,
    review,
  };
}

/** Wallet verification (Sign-In with Ethereum) and the member's transfers; behind the signed-in guard. */
export async function payoutRoutes(
  fastify: FastifyInstance,
  { site, db, clock, verifySignature, acceptRequestOrigin, minAccountAgeDays }: PayoutRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  const _slug = site.token.slug;
  const minimum = BigInt(site.rewards.minTransfer);

  endpoint("GET /api/siwe-nonce", { config: { member: true } }, async (request) => ({
    nonce: await issueSiweNonce({ db, clock }, request.sessionIdHash),
  }));

  endpoint("POST /api/verify-wallet", { config: memberForm("payouts"), refusals: verifyWalletRefusalText }, async (request) => {
    const body = request.body;
    const result = await verifyWallet(
      { db, clock, site, verifySignature },
      {
        userId: request.userId,
        sessionIdHash: request.sessionIdHash,
        message: body.message,
        signature: body.signature,
        extraOrigins: acceptRequestOrigin ? [`${request.protocol}://${request.host}`] : [],
      },
    );
    if (!result.ok) return result;
    request.log.info({ userId: request.userId, address: result.address }, "wallet verified");
    return { address: result.address, verified_at: result.verifiedAt.toISOString() };
  });

  endpoint("GET /api/payouts", { config: { member: true } }, async (request) => {
    const [payouts, held, wallet, reviews] = await Promise.all([
      payoutsFor(db, request.userId),
      heldForPayouts(db, request.userId),
      verifiedWalletOf(db, request.userId),
      reviewStatesFor(db, request.userId),
    ]);
    return {
      payouts: payouts.map((payout) => payoutView(payout, reviews.get(payout.id) ?? null)),
      on_its_way: held.toString(),
      minimum: minimum.toString(),
      verified_address: wallet?.address ?? null,
      verified_at: wallet?.verifiedAt.toISOString() ?? null,
    };
  });

  endpoint("POST /api/payouts", { config: memberForm("payouts"), refusals: payoutRefusalText }, async (request) => {
    const body = request.body;
    const result = await requestPayout({ db, clock, minimum, minAccountAgeDays }, request.userId, BigInt(body.amount));
    if (!result.ok) return result;
    request.log.info({ userId: request.userId, payoutId: result.payout.id, amount: body.amount }, "payout requested");
    return payoutView(result.payout, result.payout.status === "in_review" ? { appealed: false } : null);
  });

  endpoint("POST /api/payouts/:id/cancel", { config: memberForm("payouts"), refusals: payoutRefusalText }, async (request) => {
    const result = await cancelPayout({ db, clock }, request.userId, request.params.id);
    if (!result.ok) return result;
    return { suc_msg: PAYOUT_CANCELLED };
  });

  endpoint("POST /api/payouts/:id/appeal", { config: memberForm("payouts"), refusals: reviewRefusalText }, async (request) => {
    const body = request.body;
    const result = await appealReview({ db, clock }, request.userId, request.params.id, body.message);
    if (!result.ok) return result;
    request.log.info({ userId: request.userId, payoutId: request.params.id }, "payout review appealed");
    return { suc_msg: APPEAL_SENT };
  });
}
