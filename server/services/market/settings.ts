import type { Address } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import type { ServerEnv } from "../../env.ts";
import { chainMarketSource } from "./chain-source.ts";
import { demoMarketSource } from "./demo-source.ts";
import type { MarketDeps } from "./market.ts";

/** The market from the chain index when a node is configured; otherwise the demo's seeded history, marked as demo. */
export function marketDepsFrom(env: ServerEnv, site: SiteConfig, { db, clock }: { db: Database; clock: Clock }): MarketDeps {
  const common = { tokenDecimals: site.token.decimals, quoteDecimals: site.dex.quoteDecimals, declared: env.MARKET_DECLARED_ADDRESSES };
  const source = env.CHAIN_INDEX_RPC_URL
    ? chainMarketSource({
        db,
        pool: site.dex.poolAddress as Address,
        token: site.token.address as Address,
        quote: site.dex.quoteAddress as Address,
        ...common,
      })
    : demoMarketSource({ clock, fixedPrice: env.PRICE_FIXED, ...common });
  return { db, source, tokenDecimals: site.token.decimals, quoteDecimals: site.dex.quoteDecimals, quoteSymbol: site.dex.quoteSymbol };
}
