import { describe, expect, it } from "vitest";
import { postAdjustment } from "../../server/services/ledger.ts";
import { removeSpecialDay, setSpecialDay } from "../../server/services/special-days.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("operator adjustments and special days", () => {
  const t = useTestApp();

  it("credits and debits through ledger entries with a reason, never below zero", async () => {
    const user = await createUser(t.database.db);
    const deps = { db: t.database.db, clock: t.clock };
    expect(await postAdjustment(deps, { userId: user.id, tokens: 500n, direction: "credit", reason: "Community contest prize" })).toEqual({
      ok: true,
      balance: 500n,
    });
    expect(await postAdjustment(deps, { userId: user.id, tokens: 200n, direction: "debit", reason: "Duplicate account" })).toEqual({
      ok: true,
      balance: 300n,
    });
    expect((await postAdjustment(deps, { userId: user.id, tokens: 301n, direction: "debit", reason: "Too much" })).ok).toBe(false);
    expect((await postAdjustment(deps, { userId: user.id, tokens: 0n, direction: "credit", reason: "Nothing" })).ok).toBe(false);
    expect((await postAdjustment(deps, { userId: user.id, tokens: 5n, direction: "credit", reason: " " })).ok).toBe(false);
    expect((await postAdjustment(deps, { userId: 999_999, tokens: 5n, direction: "credit", reason: "Nobody" })).ok).toBe(false);

    const view = (await (await signedIn(t.app, user)).get(`/api/dashboard?app=${APP}`)).json();
    expect(view.balance).toBe("300");
    expect(view.recent_activity.map((entry: { kind: string; amount: string }) => `${entry.kind} ${entry.amount}`)).toEqual([
      "admin_debit -200",
      "admin_credit 500",
    ]);
  });

  it("pays an operator-set special day, which wins over the configuration's list", async () => {
    t.clock.set("2026-12-01T09:00:00Z");
    const visitor = await signedIn(t.app, await createUser(t.database.db), true);
    expect(await setSpecialDay(t.database.db, "2026-12-01", 3, "Launch anniversary")).toEqual({ ok: true });
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().today_reward).toBe("300");
    expect((await visitor.get(`/api/claim-daily-reward?app=${APP}`)).json().amount).toBe("300");

    // 2026-12-25 is ×3 in the configuration; an operator can cancel it with ×1.
    t.clock.set("2026-12-25T09:00:00Z");
    expect(await setSpecialDay(t.database.db, "2026-12-25", 1, "Cancelled")).toEqual({ ok: true });
    expect((await visitor.get(`/api/claim-daily-reward?app=${APP}`)).json().amount).toBe("100");
    expect(await removeSpecialDay(t.database.db, "2026-12-25")).toBe(true);
    expect((await visitor.get(`/api/dashboard?app=${APP}`)).json().today_reward).toBe("300");
  });

  it("refuses a bad date or multiplier", async () => {
    expect(await setSpecialDay(t.database.db, "2026-13-45", 2, null)).toEqual({ ok: false, refusal: "not_a_date", day: "2026-13-45" });
    expect(await setSpecialDay(t.database.db, "2026-12-02", 5, null)).toEqual({ ok: false, refusal: "multiplier_out_of_range" });
  });
});
