import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fakeClock } from "../../server/clock.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { storeContactMessage } from "../../server/services/contact.ts";

describe("npm run contact:list", () => {
  it("prints the contact messages of the configured database, newest first", async () => {
    const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "contact-list-")), "pglite");
    const database = await openDatabase({ driver: "pglite", dataDir });
    await migrateDatabase(database);
    const clock = fakeClock("2026-11-20T10:00:00Z");
    await storeContactMessage(
      { db: database.db, clock },
      { name: "Older", email: "older@example.com", subject: "First", message: "The first message." },
      "127.0.0.1",
    );
    clock.advance(60_000);
    await storeContactMessage(
      { db: database.db, clock },
      { name: "Newer", email: "newer@example.com", subject: "Second", message: "The second message." },
      "127.0.0.1",
    );
    await database.close();

    const output = execFileSync("node", ["build/node/scripts/contact-list.js"], {
      encoding: "utf8",
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: "" },
    });
    expect(output.indexOf("Newer <newer@example.com>")).toBeGreaterThanOrEqual(0);
    expect(output.indexOf("Newer <newer@example.com>")).toBeLessThan(output.indexOf("Older <older@example.com>"));
    expect(output).toContain("    The second message.");
    expect(output).toContain("2026-11-20T10:01:00.000Z");
  });
});
