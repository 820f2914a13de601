import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Address } from "viem";
import { z } from "zod";
import type { SiteConfig } from "../../config/site.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { postAdjustment } from "../services/ledger.ts";
import { createBatch, toBaseUnits } from "../services/payouts/batches.ts";
import { payoutPublicClient } from "../services/payouts/chain.ts";
import { reconcileTransfers } from "../services/payouts/reconcile.ts";

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * Test-only (E2E_HOOKS=1): the operator's side of payouts for end-to-end
 * tests, on the real services: credit a member, batch the requests, and
 * reconcile from a local node the test names (its own anvil and token).
 */
export async function e2ePayoutHooks(app: FastifyInstance, { db, clock, site }: { db: Database; clock: Clock; site: SiteConfig }) {
  app.post("/__e2e__/credit", { schema: { body: z.object({ email: z.string(), tokens: z.string().regex(/^\d+$/) }) } }, async (request) => {
    const body = request.body as { email: string; tokens: string };
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
    if (!user) throw new Error("no such user");
    return {
      ok: (await postAdjustment({ db, clock }, { userId: user.id, tokens: BigInt(body.tokens), direction: "credit", reason: "e2e" })).ok,
    };
  });

  app.post("/__e2e__/payouts/batch", async () => {
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
    { schema: { body: z.object({ rpc_url: z.string(), token: address, treasury: address, confirmations: z.number().int().min(1) }) } },
    async (request) => {
      const body = request.body as { rpc_url: string; token: Address; treasury: Address; confirmations: number };
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
}
