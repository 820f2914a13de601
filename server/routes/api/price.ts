import type { FastifyInstance } from "fastify";
import type { SiteConfig } from "../../../config/site.ts";
import type { PriceCache } from "../../services/price/price-cache.ts";

export const PRICE_UNAVAILABLE = "The price is not available yet. Please try again in a moment.";

/**
 * GET /api/{slug}-price → {"{slug}_price": number}, straight from memory.
 * A CDN or browser may hold the answer for one refresh interval.
 */
export async function priceRoutes(
  app: FastifyInstance,
  { site, prices, refreshSeconds }: { site: SiteConfig; prices: PriceCache; refreshSeconds: number },
) {
  const field = `${site.token.slug}_price`;
  const cacheControl = `public, max-age=${refreshSeconds}, s-maxage=${refreshSeconds}, stale-while-revalidate=${refreshSeconds}`;
  let serialized: { price: string; body: string } | null = null;

  app.get(`/api/${site.token.slug}-price`, async (_request, reply) => {
    const current = prices.current();
    if (!current)
      return reply.code(503).header("cache-control", "no-store").header("retry-after", "5").send({ err_msg: PRICE_UNAVAILABLE });
    if (serialized?.price !== current.price)
      serialized = { price: current.price, body: JSON.stringify({ [field]: Number(current.price) }) };
    return reply.header("cache-control", cacheControl).type("application/json; charset=utf-8").send(serialized.body);
  });
}
