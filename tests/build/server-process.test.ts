import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { startServer } from "../support/server-process.ts";

const slug = loadSiteConfig().token.slug;
const tempDir = () => mkdtempSync(path.join(os.tmpdir(), "kestrel-process-"));

describe("the server as a process", () => {
  it("refuses to start in production without its settings, one line per setting", async () => {
    const server = await startServer({ NODE_ENV: "production", PGLITE_DIR: path.join(tempDir(), "pglite") }, { waitReady: false });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output();
    for (const setting of [
      "DATABASE_URL: required",
      "SESSION_SECRET: required",
      "TOKEN_ADDRESS: still the demo placeholder",
      "SITE_ORIGIN: must be the site's public https origin",
    ]) {
      expect(lines).toContain(setting);
    }
  });

  it("refuses a second process on the same embedded database folder, clearly", async () => {
    const dataDir = path.join(tempDir(), "pglite");
    const first = await startServer({ PGLITE_DIR: dataDir });
    try {
      const second = await startServer({ PGLITE_DIR: dataDir }, { waitReady: false });
      const { code } = await second.exited;
      expect(code).toBe(1);
      expect(second.output()).toContain(`The embedded database folder is in use by another process (pid ${first.child.pid})`);
      expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
    } finally {
      await first.stop();
    }
  }, 240_000);

  it("on SIGTERM finishes in-flight requests, answers new ones 503, and exits 0 before its 10 s deadline", async () => {
    const server = await startServer({ PGLITE_DIR: path.join(tempDir(), "pglite"), SHUTDOWN_GRACE_MS: "1500" }, { hooked: true });
    type Outcome = { startedAt: number; finishedAt: number; status: number | "refused" };
    const load: Outcome[] = [];
    let loading = true;
    const loop = async () => {
      while (loading) {
        const startedAt = Date.now();
        let status: Outcome["status"];
        try {
          status = (await fetch(`${server.url}/api/${slug}-price`)).status;
        } catch {
          status = "refused";
        }
        load.push({ startedAt, finishedAt: Date.now(), status });
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const loops = Array.from({ length: 4 }, loop);
    const slow = Array.from({ length: 8 }, () => fetch(`${server.url}/__e2e__/slow?ms=1200`).then((response) => response.status));
    // However slow the machine, signal only once the load is flowing and all eight slow requests have reached the server.
    const slowArrived = async () => ((await (await fetch(`${server.url}/__e2e__/slow-arrived`)).json()) as { count: number }).count;
    while (load.filter((outcome) => outcome.status === 200).length < 10 || (await slowArrived()) < 8) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const signalledAt = Date.now();
    server.child.kill("SIGTERM");
    const exit = await server.exited;
    loading = false;
    await Promise.all(loops);

    expect(await Promise.all(slow)).toEqual(Array(8).fill(200));
    expect(load.filter((outcome) => outcome.finishedAt < signalledAt).every((outcome) => outcome.status === 200)).toBe(true);
    // Once the server has answered 503, it never serves again: nothing started after that point gets a 200.
    const firstRefusal = load.find((outcome) => outcome.status === 503);
    expect(firstRefusal).toBeDefined();
    const later = load.filter((outcome) => outcome.startedAt > (firstRefusal?.finishedAt ?? 0));
    expect(later.every((outcome) => outcome.status === 503 || outcome.status === "refused")).toBe(true);
    // The server exits 1 when its own 10 s deadline passes, so 0 means it drained in time.
    expect(exit.code).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
  }, 240_000);
});
