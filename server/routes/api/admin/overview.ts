import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Redis } from "ioredis";
import type { Clock } from "../../../clock.ts";
import { type Database, ping } from "../../../db/client.ts";
import type { ServerEnv } from "../../../env.ts";
import { programOverview } from "../../../services/console/overview.ts";
import type { PriceCache } from "../../../services/price/price-cache.ts";
import { endpoints } from "../../endpoint.ts";

export type OverviewOptions = { db: Database; clock: Clock; env: ServerEnv; prices: PriceCache; redis?: Redis };

async function answers(check: () => Promise<unknown>): Promise<"ok" | "down"> {
  try {
    await check();
    return "ok";
  } catch {
    return "down";
  }
}

/** The overview's numbers and the health of what the program runs on. */
export async function consoleOverviewRoutes(fastify: FastifyInstance, { db, clock, env, prices, redis }: OverviewOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const endpoint = endpoints(app);
  endpoint("GET /api/admin/overview", { config: { consoleAccess: "console" } }, async () => {
    const [overview, database, cache] = await Promise.all([
      programOverview({ db, clock }),
      answers(() => ping(db)),
      redis ? answers(() => redis.ping()) : Promise.resolve("not configured" as const),
    ]);
    const price = prices.current();
    return {
      members: {
        total: overview.members.total,
        verified_wallets: overview.members.verifiedWallets,
        new_per_day: overview.members.newPerDay,
      },
      claims_per_day: overview.claimsPerDay,
      credited_per_day: overview.creditedPerDay,
      outstanding_balances: overview.outstandingBalances,
      payouts_by_status: overview.payoutsByStatus,
      open_alerts: overview.openAlerts,
      chain_index: overview.chainIndex
        ? {
            last_block: overview.chainIndex.lastBlock,
            block_time: overview.chainIndex.blockTime.toISOString(),
            age_seconds: (clock.now().getTime() - overview.chainIndex.blockTime.getTime()) / 1000,
          }
        : null,
      price: price ? { usd: price.price, age_seconds: (clock.now().getTime() - price.updatedAt.getTime()) / 1000 } : null,
      // Email is not probed (that would open an SMTP connection per page view): configured or not.
      health: { database, redis: cache, email: env.SMTP_URL ? ("configured" as const) : ("not configured" as const) },
    };
  });
}
