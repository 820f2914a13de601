import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { fakeClock } from "../../server/clock.ts";
import { queryRows } from "../../server/db/client.ts";
import { claimDailyReward } from "../../server/services/rewards.ts";
import { createUser } from "../factories.ts";
import { adminInProcess } from "../helpers/admin.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

/** The admin tool in this process, on a fresh database: its printed lines and exit status, or its usage error. */
describe("npm run admin", () => {
  const site = loadSiteConfig();
  let database: TestDatabase;
  const admin = adminInProcess(() => database);

  beforeAll(async () => {
    database = await createTestDatabase();
    const rich = await createUser(database.db, { email: "rich@example.com", firstName: "Rich" });
    await createUser(database.db, { email: "new@example.com", firstName: "Newcomer" });
    await claimDailyReward({ db: database.db, clock: fakeClock(), rules: site.rewards }, { userId: rich.id });
  });
  afterAll(() => database.dispose());

  it("runs as a command: prints its help, and a usage mistake exits with status 2", () => {
    const run = (...args: string[]) => spawnSync("node", ["build/node/scripts/admin.js", ...args], { encoding: "utf8" });
    expect(run("--help").stdout).toContain("export-withdrawals");
    const mistake = run("users", "--limit", "0");
    expect(mistake.status).toBe(2);
    expect(mistake.stderr).toContain("admin: --limit must be a whole number above zero");
  });

  it("refuses an unknown command", async () => {
    const unknown = await admin("launch-rocket");
    expect(unknown.status).toBe(2);
    expect(unknown.error).toContain('unknown command "launch-rocket"');
  });

  it("lists and finds users", async () => {
    const list = await admin("users", "--search", "rich");
    expect(list.status).toBe(0);
    expect(list.stdout).toContain("rich@example.com");
    expect(list.stdout).not.toContain("new@example.com");
    expect(JSON.parse((await admin("user", "RICH@example.com")).stdout)).toMatchObject({ email: "rich@example.com", balance: "100 KSTL" });
  });

  it("credits and debits with a reason, as ledger entries, and shows the ledger", async () => {
    expect((await admin("credit", "rich@example.com", "12000", "--reason", "Contest prize")).stdout).toContain("now has 12100 KSTL");
    expect((await admin("debit", "rich@example.com", "100", "--reason", "Correction")).stdout).toContain("now has 12000 KSTL");
    expect((await admin("debit", "new@example.com", "1", "--reason", "Nothing to take")).status).toBe(2);
    expect((await admin("credit", "rich@example.com", "10")).error).toContain("A reason is required.");
    expect((await admin("credit", "rich@example.com", "1.5", "--reason", "x")).error).toContain("not a whole number");
    const ledger = (await admin("ledger", "rich@example.com")).stdout;
    expect(ledger).toMatch(/admin_debit\t-100\tCorrection/);
    expect(ledger).toMatch(/admin_credit\t\+12000\tContest prize/);
    expect(ledger).toMatch(/daily_reward\t\+100/);
    // The shell's money moves are in the console's audit log too, and only those that happened.
    const audit = await queryRows<{ actor: string; action: string; reason: string; after: unknown }>(
      database.db,
      sql`select actor, action, reason, after from audit_log where action like 'balance.%' order by id`,
    );
    expect(audit).toEqual([
      { actor: "shell", action: "balance.credit", reason: "Contest prize", after: { balance: "12100", tokens: "12000" } },
      { actor: "shell", action: "balance.debit", reason: "Correction", after: { balance: "12000", tokens: "100" } },
    ]);
  });

  it("manages special days", async () => {
    expect((await admin("special-days", "add", "2027-02-14", "2", "--note", "Valentine's")).status).toBe(0);
    const listed = (await admin("special-days")).stdout;
    expect(listed).toContain("2027-02-14\t×2\tdatabase\tValentine's");
    expect(listed).toContain("2026-12-25\t×3\tconfiguration");
    expect((await admin("special-days", "add", "2027-02-30", "2")).status).toBe(2);
    expect((await admin("special-days", "remove", "2027-02-14")).stdout).toContain("removed");
  });

  it("exports the users at or above the transfer minimum as CSV", async () => {
    const csv = (await admin("export-withdrawals")).stdout;
    expect(csv.trim().split("\n")).toEqual([
      "user_id,email,wallet_address,balance",
      expect.stringMatching(/^\d+,rich@example\.com,,12000$/),
    ]);
    await expectLedgerBalanced(database.db);
  });
});
