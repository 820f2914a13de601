import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemoData } from "../../server/services/demo-data.ts";
import { findUserByEmail, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("demo data", () => {
  const t = useTestApp();

  it("creates the demo account once, with a referred friend, six days of real claims (a streak today's claim continues), quizzes taken, a page visited and a leaderboard", async () => {
    // As on `npm start`, the demo is seeded before the server's start writes the quests' settings.
    await t.database.db.execute(sql`delete from quest_settings`);
    expect(await seedDemoData({ db: t.database.db, clock: t.clock, site: t.site })).toEqual({ created: true });
    expect(await seedDemoData({ db: t.database.db, clock: t.clock, site: t.site })).toEqual({ created: false });

    const demo = await findUserByEmail(t.database.db, DEMO_EMAIL);
    const visitor = await signedIn(t.app, {
      id: demo?.id as number,
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      firstName: "Demo",
      referralCode: "",
    });
    const view = (await visitor.get(`/api/dashboard?app=${APP}`)).json();
    expect(view).toMatchObject({
      first_name: "Demo",
      balance: "660",
      referral_count: 1,
      referral_bonus_total: "60",
      time_remaining: "00:00:00",
      streak: { days: 6, claimed_today: false, at_risk: true, next_milestone: { days: 7, bonus: "50" } },
    });
    const quests = (await visitor.get(`/api/quests?app=${APP}`)).json();
    expect(quests.xp_total).toBe(220);
    expect(quests.pages.find((quest: { id: string }) => quest.id === "glossary")).toMatchObject({ done: true, xp: 20 });
    expect(quests.quizzes.filter((quiz: { passed: boolean }) => quiz.passed).map((quiz: { id: string }) => quiz.id)).toEqual([
      "create-wallet",
      "secret-recovery-phrase",
    ]);
    expect(quests.receipts.map((receipt: { outcome: string }) => receipt.outcome).sort()).toEqual(["failed", "passed", "passed", "passed"]);
    const claimXp = t.site.rewards.claimXp;
    expect((await visitor.get(`/api/leaderboard?app=${APP}`)).json().entries).toEqual([
      { rank: 1, display_name: "Demo Learner", xp: 220 + 6 * claimXp },
      { rank: 2, display_name: "Early Bird", xp: 6 * claimXp },
      { rank: 3, display_name: "Night Owl", xp: 3 * claimXp },
    ]);
  });
});
