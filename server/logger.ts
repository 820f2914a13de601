import type { FastifyServerOptions } from "fastify";
import type { ServerEnv } from "./env.ts";
import { logSafeError } from "./log-safe-error.ts";

/**
 * Structured JSON logs (pino). The request line (plugins/observability.ts)
 * carries id, method, route, path, status and duration, never headers,
 * cookies or bodies; the redact paths are a second line of defence.
 */
export function createLogger(env: ServerEnv): FastifyServerOptions["logger"] {
  return {
    level: env.LOG_LEVEL,
    serializers: { err: logSafeError },
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        'res.headers["set-cookie"]',
        "*.password",
        "*.password2",
        "*.csrfToken",
        "*.csrf_token",
      ],
      censor: "[redacted]",
    },
  };
}
