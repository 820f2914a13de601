import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { roleOf } from "../../server/services/console/roles.ts";
import { createUser, type TestUser } from "../factories.ts";
import { adminInProcess } from "../helpers/admin.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database.ts";

describe("npm run admin -- grant / revoke", () => {
  let database: TestDatabase;
  let operator: TestUser;
  const admin = adminInProcess(() => database);

  beforeAll(async () => {
    database = await createTestDatabase();
    operator = await createUser(database.db, { email: "ops@example.com" });
  });
  afterAll(() => database.dispose());

  it("gives a role, changes it, takes it away, each with an audit row from the shell", async () => {
    expect((await admin("grant", "ops@example.com", "support")).stdout).toBe("ops@example.com: member → support.");
    expect(await roleOf(database.db, operator.id)).toBe("support");
    expect((await admin("grant", "ops@example.com", "admin", "--reason", "runs payouts now")).stdout).toBe(
      "ops@example.com: support → admin.",
    );
    expect((await admin("grant", "ops@example.com", "admin")).stdout).toBe("ops@example.com is already admin.");
    expect((await admin("revoke", "ops@example.com")).stdout).toBe("ops@example.com: admin → member.");
    expect(await roleOf(database.db, operator.id)).toBe("member");
    const rows = await queryRows<{ actor: string; action: string; reason: string; before: unknown; after: unknown }>(
      database.db,
      sql`select actor, action, reason, before, after from audit_log order by id`,
    );
    expect(rows).toEqual([
      { actor: "shell", action: "role.grant", reason: "grant from the shell", before: { role: "member" }, after: { role: "support" } },
      { actor: "shell", action: "role.grant", reason: "runs payouts now", before: { role: "support" }, after: { role: "admin" } },
      { actor: "shell", action: "role.revoke", reason: "revoke from the shell", before: { role: "admin" }, after: { role: "member" } },
    ]);
  });

  it("refuses an unknown role or account", async () => {
    expect((await admin("grant", "ops@example.com", "owner")).error).toBe("the role must be support or admin");
    expect((await admin("grant", "nobody@example.com", "admin")).error).toBe("no user with the email nobody@example.com");
  });
});
