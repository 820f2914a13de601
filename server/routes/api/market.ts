import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errorReply } from "../../../common/api/fields.ts";
import { MARKET_NOT_INDEXED } from "../../../common/api/market.ts";
import type { Clock } from "../../clock.ts";
import { type MarketDeps, marketFigures, marketHistory } from "../../services/market/market.ts";

type Cached = { body: string; until: number };

/**
 * GET /api/market?app={slug} and GET /api/market/history?app={slug}&range=24h|7d|30d|all: the index's
 * figures, computed at most once per `cacheSeconds` per reply and sent as the bytes serialized then.
 */
export async function marketRoutes(
  fastify: FastifyInstance,
  { deps, clock, cacheSeconds }: { deps: MarketDeps; clock: Clock; cacheSeconds: number },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const api = app.endpointTable;
  const cacheControl = `public, max-age=${cacheSeconds}, s-maxage=${cacheSeconds}`;
  const cache = new Map<string, Cached>();
  const inFlight = new Map<string, Promise<string | null>>();

  const cached = async (key: string, compute: () => Promise<object | null>): Promise<string | null> => {
    const now = clock.now().getTime();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.body;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = compute()
        .then((value) => {
          if (!value) return null;
          const body = JSON.stringify(value);
          cache.set(key, { body, until: clock.now().getTime() + cacheSeconds * 1000 });
          return body;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  const send = (body: string | null, reply: FastifyReply) =>
    body === null
      ? reply.code(503).header("cache-control", "no-store").header("retry-after", "15").send({ err_msg: MARKET_NOT_INDEXED })
      : reply.header("cache-control", cacheControl).type("application/json; charset=utf-8").send(body);

  app.get(
    "/api/market",
    { schema: { querystring: api["GET /api/market"].querystring, response: { 200: api["GET /api/market"].reply, 503: errorReply } } },
    async (_request, reply) => send(await cached("market", () => marketFigures(deps)), reply),
  );
  app.get(
    "/api/market/history",
    {
      schema: {
        querystring: api["GET /api/market/history"].querystring,
        response: { 200: api["GET /api/market/history"].reply, 503: errorReply },
      },
    },
    async (request, reply) => send(await cached(`history:${request.query.range}`, () => marketHistory(deps, request.query.range)), reply),
  );
}
