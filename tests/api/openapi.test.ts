import { describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "../../server/plugins/openapi.ts";
import { useTestApp } from "../helpers/test-app.ts";

type Operation = { requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }; responses: object };
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

/** Every method and path the app answers, read from Fastify's route tree (HEAD is added by Fastify for each GET). */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of tree.split("\n")) {
    const branch = line.indexOf("── ");
    if (branch < 0) continue;
    const depth = Math.floor(branch / 4);
    const match = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(branch + 3).trim());
    if (!match) throw new Error(`unexpected route line: ${line}`);
    const path = (parents[depth - 1] ?? "") + match[1];
    parents[depth] = path;
    // OpenAPI writes a path parameter as {id} where Fastify writes :id.
    const documentedPath = path.replace(/:(\w+)/g, "{$1}");
    for (const method of match[2]?.split(", ") ?? []) if (method !== "HEAD") routes.push(`${method} ${documentedPath}`);
  }
  return routes.sort();
}

describe("the published API document", () => {
  const t = useTestApp({ env: { METRICS_TOKEN: "metrics-token-for-tests-0123456789" } });

  async function document(): Promise<Document> {
    const reply = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    return reply.json();
  }

  it("is OpenAPI 3.1 and lists every route the server answers", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe(`${t.site.token.name} API`);
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    // The development outbox is a page for people outside production, not part of the API.
    const served = routesOf(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route !== `GET ${OPENAPI_PATH}` && !route.includes(" /dev/outbox"),
    );
    expect(served.length).toBeGreaterThan(10);
    expect(served).toContain(`GET /api/${t.site.token.slug}-price`);
    expect(documented).toEqual(served);
  });

  it("describes request bodies from the same schemas the routes validate with", async () => {
    const doc = await document();
    const register = doc.paths["/api/register"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(register?.properties ?? {})).toEqual([
      "username",
      "first_name",
      "last_name",
      "password",
      "password2",
      "referral_code",
      "app",
      "csrfToken",
      "website",
      "altcha",
    ]);
    expect(doc.paths["/api/dashboard"]?.get?.responses).toHaveProperty("200");
    expect(doc.paths["/api/quests/chain/{quest}/check"]?.post?.responses).toHaveProperty("200");
    expect(Object.keys(doc.paths["/api/contact"]?.post?.requestBody?.content ?? {})).toEqual([
      "multipart/form-data",
      "application/x-www-form-urlencoded",
    ]);
  });
});
