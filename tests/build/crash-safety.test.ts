import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { claimAll, expectClaimsDurable, makeClaimers } from "../support/claim-load.ts";
import { startServer } from "../support/server-process.ts";

describe("crash safety on the embedded database", () => {
  it("keeps every acknowledged claim, none twice, through 20 kill -9 during claim load, each restart under 10 s", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "kestrel-crash-")), "pglite");
    const env = { PGLITE_DIR: dataDir, E2E_HOOKS: "1" };
    const acknowledged = new Set<string>();
    const restarts: number[] = [];
    let server = await startServer(env);
    for (let round = 0; round < 20; round++) {
      const claimers = await makeClaimers(server.url, 12);
      const load = claimAll(server.url, claimers);
      // Kills land at different points of the load, from its first requests to its last.
      await new Promise((resolve) => setTimeout(resolve, 10 + ((round * 53) % 250)));
      server.child.kill("SIGKILL");
      for (const email of await load) acknowledged.add(email);
      await server.exited;
      const started = Date.now();
      server = await startServer(env);
      restarts.push(Date.now() - started);
    }
    await server.stop();
    expect(acknowledged.size).toBeGreaterThan(0);
    // Some rounds were cut short: the kill really landed during the load.
    expect(acknowledged.size).toBeLessThan(20 * 12);
    expect(Math.max(...restarts), `restart times: ${restarts.join(", ")} ms`).toBeLessThan(10_000);

    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      await expectClaimsDurable(database.db, acknowledged);
    } finally {
      await database.close();
    }
  }, 300_000);
});
