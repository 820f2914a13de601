import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiEndpoints, type EndpointKey, type EndpointSchemas } from "../../common/api/endpoints.ts";
import { site } from "../site.ts";
import { call, takesApp } from "./api-call.ts";

const fieldsOf = (schema: z.core.$ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : schema instanceof z.ZodUnion ? schema.options.flatMap(fieldsOf) : [];

/** The requests `call` made: method, address, and the JSON body it sent. */
function recordFetches() {
  const sent: Array<{ method: string; url: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({
      method: init.method ?? "GET",
      url,
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
      headers: init.headers as Record<string, string>,
    });
    return new Response(JSON.stringify({ suc_msg: "ok" }), { headers: { "content-type": "application/json" } });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("call", () => {
  it("adds `app` exactly where the endpoint's schemas ask for it: the query of a GET, the body of the others", () => {
    const table: Record<string, EndpointSchemas> = apiEndpoints(site.token.slug);
    const mismatched = Object.entries(table)
      .filter(([key, schemas]) => {
        const carrier = key.startsWith("GET ") ? schemas.querystring : schemas.body;
        return fieldsOf(carrier).includes("app") !== takesApp(key as EndpointKey);
      })
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("fills the path from params, puts `app` and the query in a GET's address, and sends no body with it", async () => {
    const sent = recordFetches();
    await call("GET /api/leaderboard", { query: { season: "2026-11" } });
    await call("GET /api/admin/members/:id", { params: { id: "a b/c" } });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "GET", url: `/api/leaderboard?app=${site.token.slug}&season=2026-11`, body: undefined },
      { method: "GET", url: "/api/admin/members/a%20b%2Fc", body: undefined },
    ]);
  });

  it("sends a member's body as JSON with `app`, a console body without it, and no body where there is none", async () => {
    const sent = recordFetches();
    await call("POST /api/payouts/:id/cancel", { params: { id: 7 }, body: { csrfToken: "token" } });
    await call("POST /api/admin/special-days/:day/remove", { params: { day: "2026-12-24" }, body: { reason: "moved" } });
    await call("POST /api/admin/sign-out", undefined, { headers: { "x-csrf-token": "console" } });
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: "POST", url: "/api/payouts/7/cancel", body: { csrfToken: "token", app: site.token.slug } },
      { method: "POST", url: "/api/admin/special-days/2026-12-24/remove", body: { reason: "moved" } },
      { method: "POST", url: "/api/admin/sign-out", body: undefined },
    ]);
    expect(sent[2]?.headers["x-csrf-token"]).toBe("console");
  });
});
