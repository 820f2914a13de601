import type { RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { EndpointSchemas } from "../../common/api/endpoints.ts";
import { useTestApp } from "../helpers/test-app.ts";

/** API routes outside the table, each for its reason: none of them is a JSON call of the spec's shape. */
const outsideTheTable = (slug: string) => ({
  [`GET /api/${slug}-price`]: "its path is the configured token's slug",
  "GET /api/admin/audit.csv": "a file to save, not JSON",
  "GET /api/admin/payouts/batches/:id/safe-file": "a file to save, not JSON",
  "GET /api/unsubscribe": "a redirect the email's link leads to",
  "POST /api/unsubscribe": "RFC 8058's one-click form post, sent by mail providers",
  "POST /api/contact": "the contact form provider's multipart API, which an external provider may answer instead",
});

const keyOf = (route: RouteOptions) => `${route.method} ${route.url}`;

describe("common/api's endpoint table", () => {
  const t = useTestApp();
  const apiRoutes = () =>
    t.app.declaredRoutes.filter((route) => route.method !== "HEAD" && route.url.startsWith("/api/")) as Array<
      RouteOptions & { method: string }
    >;

  it("names every API route the server registers, apart from the named exceptions", () => {
    const table = t.app.endpointTable;
    const outside = apiRoutes()
      .map(keyOf)
      .filter((key) => !(key in table));
    expect(outside.sort()).toEqual(Object.keys(outsideTheTable(t.site.token.slug)).sort());
  });

  it("is registered route for route, each with the table's own schemas", () => {
    const registered = new Map(apiRoutes().map((route) => [keyOf(route), route]));
    for (const [key, schemas] of Object.entries(t.app.endpointTable) as Array<[string, EndpointSchemas]>) {
      const route = registered.get(key);
      expect(route, key).toBeDefined();
      const schema = route?.schema as Record<string, unknown> & { response: Record<string, unknown> };
      expect(schema.params, `${key} params`).toBe(schemas.params);
      expect(schema.querystring, `${key} query`).toBe(schemas.querystring);
      expect(schema.body, `${key} body`).toBe(schemas.body);
      expect(schema.response[200], `${key} reply`).toBe(schemas.reply);
      if (schemas.refusal) expect(Object.values(schema.response), `${key} refusal`).toContain(schemas.refusal);
    }
  });
});
