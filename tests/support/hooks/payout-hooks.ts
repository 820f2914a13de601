import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { getAddress } from "viem";
import { z } from "zod";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../../server/clock.ts";
import type { Database } from "../../../server/db/client.ts";
import { users } from "../../../server/db/schema.ts";
import { approvePayout, listReviews, rejectPayout } from "../../../server/services/fairness/payout-review.ts";
import { flag } from "../../../server/services/fairness/risk-signals.ts";
import { postAdjustment } from "../../../server/services/ledger.ts";
import { createBatch, toBaseUnits } from "../../../server/services/payouts/batches.ts";
import { payoutPublicClient } from "../../../server/services/payouts/chain.ts";
import { reconcileTransfers } from "../../../server/services/payouts/reconcile.ts";

const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .transform((value) => getAddress(value));

/**
 * Test-only (tests/support/hooked-server.ts): the operator's side of payouts for end-to-end
 * tests, on the real services: credit a member, batch the requests, and
 * reconcile from a local node the test names (its own anvil and token);
 * flag a member and decide the review of their payout.
 */
export async function payoutHooks(fastify: FastifyInstance, { db, clock, site }: { db: Database; clock: Clock; site: SiteConfig }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const userIdOf = async (email: string) => {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error("no such user");
    return user.id;
  };

  app.post(
    "/__e2e__/credit",
    { schema: { hide: true, body: z.object({ email: z.string(), tokens: z.string().regex(/^\d+$/) }) } },
    async (request) => {
      const body = request.body;
      return {
        ok: (
          await postAdjustment(
            { db, clock },
            { userId: await userIdOf(body.email), tokens: BigInt(body.tokens), direction: "credit", reason: "e2e" },
          )
        ).ok,
      };
    },
  );

  app.post("/__e2e__/payouts/batch", { schema: { hide: true } }, async () => {
    const batch = await createBatch({ db, clock }, { maxCount: 100, maxTotal: 10n ** 30n });
    return {
      transfers: (batch?.payouts ?? []).map((payout) => ({
        to: payout.address,
        value: toBaseUnits(payout.amount, site.token.decimals).toString(),
      })),
    };
  });

  app.post(
    "/__e2e__/payouts/reconcile",
    {
      schema: {
        hide: true,
        body: z.object({ rpc_url: z.string(), token: address, treasury: address, confirmations: z.number().int().min(1) }),
      },
    },
    async (request) => {
      const body = request.body;
      const summary = await reconcileTransfers({
        db,
        clock,
        client: payoutPublicClient(body.rpc_url),
        token: body.token,
        treasury: body.treasury,
        decimals: site.token.decimals,
        confirmations: body.confirmations,
        startBlock: 0n,
        logRange: 1000,
      });
      return summary;
    },
  );

  app.post("/__e2e__/flag", { schema: { hide: true, body: z.object({ email: z.string(), details: z.string() }) } }, async (request) => {
    const userId = await userIdOf(request.body.email);
    await flag({ db, clock }, [userId], { kind: "wallet_tried_elsewhere", subject: "e2e", details: request.body.details });
    return { ok: true };
  });

  app.post(
    "/__e2e__/review",
    { schema: { hide: true, body: z.object({ email: z.string(), decision: z.enum(["approve", "reject"]), reason: z.string() }) } },
    async (request) => {
      const [open] = (await listReviews(db, { open: true })).filter((item) => item.email === request.body.email);
      if (!open) throw new Error("no open review for this member");
      const decide = request.body.decision === "approve" ? approvePayout : rejectPayout;
      return decide({ db, clock }, open.payoutId, { actor: "admin:e2e", reason: request.body.reason });
    },
  );
}
