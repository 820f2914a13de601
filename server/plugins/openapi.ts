import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { SiteConfig } from "../../config/site.ts";

export const OPENAPI_PATH = "/api/openapi.json";
/** Raised when a change would break an existing client. */
const API_VERSION = "1.0.0";

/**
 * The API's OpenAPI 3.1 document, built from the same zod schemas the routes
 * validate with, at /api/openapi.json. Registered before the routes, so it
 * sees each of them; routes marked `hide` (the site's pages, test hooks) stay out.
 */
export const openApi = fp<{ site: SiteConfig }>(async (app: FastifyInstance, { site }) => {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: `${site.token.name} API`,
        description: `The API behind ${site.site.origin}: accounts, the daily rewards, the token price and the contact form. Refusals answer { "err_msg": "…" } with a 4xx status.`,
        version: API_VERSION,
      },
      servers: [{ url: site.site.origin }],
    },
    transform: jsonSchemaTransform,
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "no-cache").type("application/json; charset=utf-8").send(JSON.stringify(app.swagger())),
  );
});
