import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, Registry } from "prom-client";
import { RequestDurations } from "./request-durations.ts";

export type Metrics = {
  registry: Registry;
  claimsCredited: Counter;
  loginsFailed: Counter;
};

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * One structured log line per request (its id, bound by Fastify; method, route, path, status,
 * duration, client address; never headers, cookies, query strings or bodies) and the Prometheus metrics (the app's
 * and the process's). Each app has
 * its own registry, so tests can build several side by side.
 */
export const observability = fp<{ priceAgeSeconds: () => number | null }>(async (app: FastifyInstance, { priceAgeSeconds }) => {
  const registry = new Registry();
  // The process's own health beside the app's: CPU, memory, heap, event-loop delay, handles.
  collectDefaultMetrics({ register: registry });
  const requestDurations = new RequestDurations(registry);
  const metrics: Metrics = {
    registry,
    claimsCredited: new Counter({ name: "claims_credited_total", help: "Daily rewards credited", registers: [registry] }),
    loginsFailed: new Counter({
      name: "logins_failed_total",
      help: "Login attempts refused (wrong password, unknown email or throttled)",
      registers: [registry],
    }),
  };
  new Gauge({
    name: "price_age_seconds",
    help: "Seconds since the price the API serves was read; -1 before the first read",
    registers: [registry],
    collect() {
      this.set(priceAgeSeconds() ?? -1);
    },
  });
  app.decorate("metrics", metrics);

  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    requestDurations.observe(request.method, reply.statusCode, route, reply.elapsedTime / 1000);
    // Building the line costs more than the rest of a static answer; pino's check is skipped only by loggers that lack it.
    if ((request.log as { isLevelEnabled?(level: string): boolean }).isLevelEnabled?.("info") === false) return done();
    request.log.info(
      {
        method: request.method,
        route,
        path: request.url.split("?", 1)[0],
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 100) / 100,
        ip: request.ip,
      },
      "request",
    );
    done();
  });
});

/** GET /metrics, for a scraper holding the configured bearer token. */
export async function metricsRoute(app: FastifyInstance, { token }: { token: string | null }) {
  app.get("/metrics", { schema: { summary: "Prometheus metrics, for a scraper holding the metrics token" } }, async (request, reply) => {
    if (token !== null) {
      const given = Buffer.from(request.headers.authorization ?? "");
      const expected = Buffer.from(`Bearer ${token}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ err_msg: "A metrics token is required." });
      }
    }
    return reply
      .type(app.metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await app.metrics.registry.metrics());
  });
}
