import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("/.well-known/security.txt", () => {
  const t = useTestApp();

  it("names the configured contact, expires within a year of now, and names its own address", async () => {
    const site = loadSiteConfig();
    const reply = await t.app.inject({ method: "GET", url: "/.well-known/security.txt" });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const fields = Object.fromEntries(
      reply.body
        .trim()
        .split("\n")
        .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 2)]),
    );
    expect(fields.Contact).toBe(`mailto:${site.legal.email}`);
    expect(fields.Canonical).toBe(`${site.site.origin}/.well-known/security.txt`);
    const expires = Date.parse(fields.Expires ?? "");
    const now = t.clock.now().getTime();
    expect(expires).toBeGreaterThan(now);
    expect(expires - now).toBeLessThan(365 * 24 * 60 * 60 * 1000);
  });

  it("follows the clock, so it never goes stale", async () => {
    const before = (await t.app.inject({ method: "GET", url: "/.well-known/security.txt" })).body;
    t.clock.advance(400 * 24 * 60 * 60 * 1000);
    const after = (await t.app.inject({ method: "GET", url: "/.well-known/security.txt" })).body;
    expect(after).not.toBe(before);
    const expires = Date.parse(/^Expires: (.+)$/m.exec(after)?.[1] ?? "");
    expect(expires).toBeGreaterThan(t.clock.now().getTime());
  });
});
