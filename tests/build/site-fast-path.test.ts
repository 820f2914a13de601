import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { buildApp } from "../../server/app.ts";
import { fakeClock } from "../../server/clock.ts";
import { loadSiteBuild } from "../../server/plugins/site.ts";
import { projectRoot } from "../../server/project-root.ts";
import { testEnv } from "../helpers/test-app.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

const TOKEN = "metrics-token-0123456789";

/** The prebuilt answers for pages and files skip the hooks, yet keep everything the hooks gave them. */
describe("the static fast path", () => {
  const lines: Array<Record<string, unknown>> = [];
  const site = loadSiteConfig();
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    app = await buildApp({
      env: testEnv({ METRICS_TOKEN: TOKEN }),
      site,
      database,
      clock: fakeClock(),
      siteBuild: loadSiteBuild(path.join(projectRoot, "build/client"), site),
      logger: { level: "info", stream },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.dispose();
  });

  const hashedScript = async () => /\/assets\/[\w.-]+\.js/.exec((await app.inject({ method: "GET", url: "/" })).body)?.[0] as string;

  it("sends a page and a hashed script with every security header and the page's own policy", async () => {
    for (const url of ["/?utm_source=x", await hashedScript()]) {
      const reply = await app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip" } });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers["content-encoding"]).toBe("gzip");
      expect(Number(reply.headers["content-length"])).toBe(reply.rawPayload.length);
      expect(reply.headers["strict-transport-security"]).toBe("max-age=63072000; includeSubDomains");
      expect(reply.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(reply.headers["permissions-policy"]).toContain("camera=()");
      expect(reply.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    }
    expect((await app.inject({ method: "GET", url: "/login" })).headers["content-security-policy"]).toContain("script-src 'self' 'sha256-");
  });

  it("answers HEAD with the headers and no body", async () => {
    const reply = await app.inject({ method: "HEAD", url: "/earn-tokens" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(reply.headers["content-length"]).toBe(String((await app.inject({ method: "GET", url: "/earn-tokens" })).rawPayload.length));
    expect(reply.body).toBe("");
  });

  it("counts pages in the request metrics and logs one request line for each", async () => {
    const script = await hashedScript();
    await app.inject({ method: "GET", url: "/earn-tokens" });
    await app.inject({ method: "GET", url: script });
    const metrics = (await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const count = Number(/http_request_duration_seconds_count\{method="GET",route="\/\*",status_code="200"\} (\d+)/.exec(metrics)?.[1]);
    expect(count).toBeGreaterThanOrEqual(2);
    const requestLines = lines.filter((line) => line.msg === "request");
    expect(requestLines).toContainEqual(expect.objectContaining({ route: "/*", path: "/earn-tokens", status: 200, method: "GET" }));
    expect(requestLines).toContainEqual(expect.objectContaining({ route: "/*", path: script, status: 200 }));
    expect(requestLines.every((line) => typeof line.reqId === "string")).toBe(true);
  });

  it("still answers 503 to pages once the server drains", async () => {
    await app.drain();
    const reply = await app.inject({ method: "GET", url: "/" });
    expect(reply.statusCode).toBe(503);
    expect(reply.headers["retry-after"]).toBe("1");
  });
});
