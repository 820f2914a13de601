import type { FastifyInstance, RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const methodsOf = (route: RouteOptions) => [route.method].flat();
// Fastify adds a HEAD route for each GET, with the GET's config (request-guards.ts refuses HEAD on a state change).
const routesOf = (app: FastifyInstance) => app.declaredRoutes.filter((route) => methodsOf(route).some((method) => method !== "HEAD"));
const changesState = (route: RouteOptions) =>
  route.config?.stateChanging === true || methodsOf(route).some((method) => !SAFE_METHODS.has(method));
const label = (route: RouteOptions) => `${methodsOf(route).join(",")} ${route.url}`;

describe("guards declared as route config", () => {
  const t = useTestApp({ env: { METRICS_TOKEN: "metrics-token-for-tests-0123456789" } });
  const routes = () => routesOf(t.app);

  it("sees the whole route table", () => {
    expect(routes().filter(changesState).length).toBeGreaterThan(30);
  });

  it("gives every state-changing route member or staff access, or a CSRF token, or a named public exemption", () => {
    const unguarded = routes()
      .filter(changesState)
      .filter((route) => !route.config?.member && !route.config?.consoleAccess && !route.config?.csrf && !route.config?.public)
      .map(label);
    expect(unguarded).toEqual([]);
  });

  it("keeps the public exemptions to a known few, each with its reason", () => {
    const exempt = routes().filter((route) => changesState(route) && route.config?.public);
    expect(exempt.map(label).sort()).toEqual([
      "GET /api/signout",
      "POST /api/cancel-email-change",
      "POST /api/contact",
      "POST /api/guide-reports",
      "POST /api/unsubscribe",
      "POST /api/verify-email",
      "POST /api/waitlist/confirm",
    ]);
    for (const route of exempt) expect(route.config?.public?.length, label(route)).toBeGreaterThan(20);
  });

  it("asks a CSRF token of every state-changing member route but the claim, which proves its session in its statement", () => {
    const withoutToken = routes()
      .filter((route) => changesState(route) && route.config?.member && !route.config.csrf)
      .map(label);
    expect(withoutToken).toEqual(["GET /api/claim-daily-reward"]);
  });
});
