import type { FastifyServerOptions } from "fastify";
import type { ServerEnv } from "./env.ts";

/**
 * Structured JSON logs. Request logs carry the id, method, route and status,
 * never cookies, tokens or bodies: the redact paths are a second line of defence.
 */
export function createLogger(env: ServerEnv): FastifyServerOptions["logger"] {
  return {
    level: env.LOG_LEVEL,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', "*.password", "*.password2", "*.csrfToken"],
      censor: "[redacted]",
    },
    serializers: {
      req: (request: { id: string; method: string; url: string; ip: string; routeOptions?: { url?: string } }) => ({
        id: request.id,
        method: request.method,
        url: request.url.split("?", 1)[0],
        route: request.routeOptions?.url,
        ip: request.ip,
      }),
    },
  };
}
