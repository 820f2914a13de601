import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { fakeClock } from "../../server/clock.ts";
import { openDatabase } from "../../server/db/client.ts";
import { migrateDatabase } from "../../server/db/migrate.ts";
import { claimDailyReward } from "../../server/services/rewards.ts";
import { createUser } from "../factories.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";

describe("npm run admin", () => {
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), "admin-")), "pglite");
  const admin = (...args: string[]) =>
    spawnSync("node", ["build/node/scripts/admin.js", ...args], {
      encoding: "utf8",
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: "" },
    });

  beforeAll(async () => {
    const database = await openDatabase({ driver: "pglite", dataDir });
    await migrateDatabase(database);
    const rich = await createUser(database.db, { email: "rich@example.com", firstName: "Rich" });
    await createUser(database.db, { email: "new@example.com", firstName: "Newcomer" });
    await claimDailyReward({ db: database.db, clock: fakeClock(), rules: loadSiteConfig().rewards }, rich.id);
    await database.close();
  }, 60_000);

  it("prints its help and refuses an unknown command with status 2", () => {
    expect(admin("--help").stdout).toContain("export-withdrawals");
    const unknown = admin("launch-rocket");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown command "launch-rocket"');
  });

  it("lists and finds users", () => {
    const list = admin("users", "--search", "rich");
    expect(list.status).toBe(0);
    expect(list.stdout).toContain("rich@example.com");
    expect(list.stdout).not.toContain("new@example.com");
    expect(JSON.parse(admin("user", "RICH@example.com").stdout)).toMatchObject({ email: "rich@example.com", balance: "100 KSTL" });
  });

  it("credits and debits with a reason, as ledger entries, and shows the ledger", () => {
    expect(admin("credit", "rich@example.com", "12000", "--reason", "Contest prize").stdout).toContain("now has 12100 KSTL");
    expect(admin("debit", "rich@example.com", "100", "--reason", "Correction").stdout).toContain("now has 12000 KSTL");
    const refused = admin("debit", "new@example.com", "1", "--reason", "Nothing to take");
    expect(refused.status).toBe(2);
    expect(admin("credit", "rich@example.com", "10").stderr).toContain("A reason is required.");
    expect(admin("credit", "rich@example.com", "1.5", "--reason", "x").stderr).toContain("not a whole number");
    const ledger = admin("ledger", "rich@example.com").stdout;
    expect(ledger).toMatch(/admin_debit\t-100\tCorrection/);
    expect(ledger).toMatch(/admin_credit\t\+12000\tContest prize/);
    expect(ledger).toMatch(/daily_reward\t\+100/);
  });

  it("manages special days", () => {
    expect(admin("special-days", "add", "2027-02-14", "2", "--note", "Valentine's").status).toBe(0);
    const listed = admin("special-days").stdout;
    expect(listed).toContain("2027-02-14\t×2\tdatabase\tValentine's");
    expect(listed).toContain("2026-12-25\t×3\tconfiguration");
    expect(admin("special-days", "add", "2027-02-30", "2").status).toBe(2);
    expect(admin("special-days", "remove", "2027-02-14").stdout).toContain("removed");
  });

  it("exports the users at or above the transfer minimum as CSV", async () => {
    const csv = execFileSync("node", ["build/node/scripts/admin.js", "export-withdrawals"], {
      encoding: "utf8",
      env: { ...process.env, PGLITE_DIR: dataDir, DATABASE_URL: "" },
    });
    expect(csv.trim().split("\n")).toEqual([
      "user_id,email,wallet_address,balance",
      expect.stringMatching(/^\d+,rich@example\.com,,12000$/),
    ]);
    const database = await openDatabase({ driver: "pglite", dataDir });
    await expectLedgerBalanced(database.db);
    await database.close();
  });
});
