import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/client.ts";
import { expectClaimsDurable, killDuringClaims } from "../support/claim-load.ts";

describe("crash safety on the embedded database", () => {
  it("keeps every acknowledged claim, none twice, through 20 kill -9 during claim load, restarting each time", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "kestrel-crash-")), "pglite");
    // Restart times are reported by the benchmark, not asserted: a busy machine restarts slowly, and that is no defect.
    const { acknowledged, restartMs } = await killDuringClaims({ PGLITE_DIR: dataDir }, 20);
    expect(restartMs).toHaveLength(20);
    expect(acknowledged.size).toBeGreaterThan(0);
    // Some rounds were cut short: the kill really landed during the load.
    expect(acknowledged.size).toBeLessThan(20 * 12);

    const database = await openDatabase({ driver: "pglite", dataDir });
    try {
      await expectClaimsDurable(database.db, acknowledged);
    } finally {
      await database.close();
    }
  }, 900_000);
});
