import { describe, expect, it } from "vitest";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

const TOKEN = "metrics-token-0123456789";

describe("/metrics with a token", () => {
  const t = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

  it("refuses a scraper without the token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: "Bearer wrong-token-0123456789" } })).statusCode,
    ).toBe(401);
  });

  it("counts requests by route, claims credited, failed logins, and the price's age", async () => {
    const user = await createUser(t.database.db);
    await (await signedIn(t.app, user)).get(`/api/claim-daily-reward?app=${APP}`);
    await agent(t.app).signIn(user.email, "wrong-password");
    const reply = await t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toContain("text/plain");
    expect(reply.body).toContain("claims_credited_total 1");
    expect(reply.body).toContain("logins_failed_total 1");
    expect(reply.body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/claim-daily-reward",status_code="200"\} 1/);
    expect(reply.body).toContain("# TYPE http_request_duration_seconds histogram");
    // The claim's series as Prometheus reads a histogram: cumulative buckets ending at +Inf with every answer, then the sum.
    const claim = 'method="GET",route="/api/claim-daily-reward",status_code="200"';
    const buckets = [...reply.body.matchAll(/^http_request_duration_seconds_bucket\{(.*),le="([^"]+)"\} (\d+)$/gm)]
      .filter((line) => line[1] === claim)
      .map((line) => [line[2], Number(line[3])]);
    expect(buckets.map(([bound]) => bound)).toEqual(["0.001", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "+Inf"]);
    expect(buckets.map(([, answers]) => answers)).toEqual([...buckets.map(([, answers]) => answers)].sort((a, b) => Number(a) - Number(b)));
    expect(buckets.at(-1)?.[1]).toBe(1);
    const sum = Number(new RegExp(`^http_request_duration_seconds_sum\\{${claim}\\} (\\S+)$`, "m").exec(reply.body)?.[1]);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(10);
    expect(reply.body).toMatch(/price_age_seconds -?\d/);
    // The process's own: CPU, heap and event-loop delay.
    expect(reply.body).toMatch(/^process_cpu_seconds_total \d/m);
    expect(reply.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(reply.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });
});

describe("/metrics without a token", () => {
  const t = useTestApp();

  it("is not served on the public port", async () => {
    expect((await t.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });
});
