import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestDurations } from "./request-durations.ts";

function exposition(registry: Registry): Promise<string[]> {
  return registry.metrics().then((text) => text.split("\n").filter((line) => line.startsWith("http_request_duration_seconds")));
}

describe("the request-duration histogram", () => {
  it("counts each answer in the first bucket whose bound it does not exceed, cumulatively, with +Inf, the sum and the count", async () => {
    const registry = new Registry();
    const durations = new RequestDurations(registry);
    for (const seconds of [0.0004, 0.001, 0.003, 0.2, 7]) durations.observe("GET", 200, "/*", seconds);
    durations.observe("POST", 429, "/api/login", 0.02);
    const labels = 'method="GET",route="/*",status_code="200"';
    expect(await exposition(registry)).toEqual([
      `http_request_duration_seconds_bucket{${labels},le="0.001"} 2`,
      `http_request_duration_seconds_bucket{${labels},le="0.005"} 3`,
      `http_request_duration_seconds_bucket{${labels},le="0.01"} 3`,
      `http_request_duration_seconds_bucket{${labels},le="0.025"} 3`,
      `http_request_duration_seconds_bucket{${labels},le="0.05"} 3`,
      `http_request_duration_seconds_bucket{${labels},le="0.1"} 3`,
      `http_request_duration_seconds_bucket{${labels},le="0.25"} 4`,
      `http_request_duration_seconds_bucket{${labels},le="0.5"} 4`,
      `http_request_duration_seconds_bucket{${labels},le="1"} 4`,
      `http_request_duration_seconds_bucket{${labels},le="2.5"} 4`,
      `http_request_duration_seconds_bucket{${labels},le="+Inf"} 5`,
      `http_request_duration_seconds_sum{${labels}} 7.2044`,
      `http_request_duration_seconds_count{${labels}} 5`,
      ...[0.001, 0.005, 0.01].map(
        (bound) => `http_request_duration_seconds_bucket{method="POST",route="/api/login",status_code="429",le="${bound}"} 0`,
      ),
      ...[0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, "+Inf"].map(
        (bound) => `http_request_duration_seconds_bucket{method="POST",route="/api/login",status_code="429",le="${bound}"} 1`,
      ),
      'http_request_duration_seconds_sum{method="POST",route="/api/login",status_code="429"} 0.02',
      'http_request_duration_seconds_count{method="POST",route="/api/login",status_code="429"} 1',
    ]);
  });

  it("is a histogram to Prometheus, and starts again empty when the registry resets its metrics", async () => {
    const registry = new Registry();
    const durations = new RequestDurations(registry);
    durations.observe("GET", 200, "/*", 0.002);
    expect(await registry.metrics()).toContain("# TYPE http_request_duration_seconds histogram");
    registry.resetMetrics();
    expect(await exposition(registry)).toEqual([]);
  });
});
