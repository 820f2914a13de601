import type { FastifyInstance } from "fastify";
import { errorReply } from "../../../common/api/fields.ts";
import { PRICE_UNAVAILABLE, priceField, priceReply } from "../../../common/api/price.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { PriceCache } from "../../services/price/price-cache.ts";

/**
 * GET /api/{slug}-price → {"{slug}_price": number}, straight from memory.
 * A CDN or browser may hold the answer for one refresh interval.
 */
export async function priceRoutes(
  app: FastifyInstance,
  { site, prices, refreshSeconds }: { site: SiteConfig; prices: PriceCache; refreshSeconds: number },
) {
  const field = priceField(site.token.slug);
  const cacheControl = `public, max-age=${refreshSeconds}, s-maxage=${refreshSeconds}, stale-while-revalidate=${refreshSeconds}`;
  let serialized: { price: string; body: string } | null = null;

  // The answer is serialized once per price change, so this route sends bytes rather than an object its schema would type.
  const schema = { response: { 200: priceReply(site.token.slug), 503: errorReply } };
  app.get(`/api/${site.token.slug}-price`, { schema }, async (_request, reply) => {
    const current = prices.current();
    if (!current)
      return reply.code(503).header("cache-control", "no-store").header("retry-after", "5").send({ err_msg: PRICE_UNAVAILABLE });
    if (serialized?.price !== current.price)
      serialized = { price: current.price, body: JSON.stringify({ [field]: Number(current.price) }) };
    return reply.header("cache-control", cacheControl).type("application/json; charset=utf-8").send(serialized.body);
  });
}
