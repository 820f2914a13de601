import { eq } from "drizzle-orm";
import type { SiteConfig } from "../../config/site.ts";
import { type Clock, fakeClock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { insertMember } from "./auth/insert-member.ts";
import { setDisplayName } from "./leaderboard.ts";
import { loadQuizBank } from "./quests/quiz-bank.ts";
import { startQuiz, submitQuiz } from "./quests/quizzes.ts";
import { seedQuestSettings } from "./quests/settings.ts";
import { creditPageVisit } from "./quests/visits.ts";
import { claimDailyReward } from "./rewards.ts";

export const DEMO_EMAIL = "demo@example.com";
export const DEMO_PASSWORD = "kestrel-demo-password";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo account and a friend it referred, with six days of claims, some quizzes and a page
 * visit through the real claim and quest code (so the ledger is what production would write), and a third member who
 * claimed three days; all three chose a leaderboard name. Runs once; the server refuses demo
 * data in production.
 */
export async function seedDemoData({ db, clock, site }: { db: Database; clock: Clock; site: SiteConfig }): Promise<{ created: boolean }> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return { created: false };
  const joined = new Date(clock.now().getTime() - 8 * DAY_MS);
  const addMember = async (firstName: string, email: string, password: string, displayName: string, referredBy?: number) => {
    const { id } = await insertMember(db, {
      email,
      firstName,
      lastName: "User",
      password,
      referredBy,
      createdAt: joined,
      emailVerifiedAt: joined,
    });
    await setDisplayName(db, id, displayName);
    return id;
  };
  const demoId = await addMember("Demo", DEMO_EMAIL, DEMO_PASSWORD, "Demo Learner");
  const friendId = await addMember("Friend", "demo.friend@example.com", `${DEMO_PASSWORD}-friend`, "Early Bird", demoId);
  const neighbourId = await addMember("Neighbour", "demo.neighbour@example.com", `${DEMO_PASSWORD}-neighbour`, "Night Owl");
  // The six UTC days before today, from midnight: a six-day streak that today's claim (due at once) takes to its first milestone.
  const today = Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
  const past = fakeClock(new Date(today - 6 * DAY_MS));
  for (let day = 0; day < 6; day++) {
    await claimDailyReward({ db, clock: past, rules: site.rewards }, { userId: demoId });
    past.advance(60 * 60 * 1000);
    await claimDailyReward({ db, clock: past, rules: site.rewards }, { userId: friendId });
    if (day >= 3) await claimDailyReward({ db, clock: past, rules: site.rewards }, { userId: neighbourId });
    past.advance(DAY_MS - 60 * 60 * 1000);
  }
  // Two quizzes passed and one failed at midnight, through the real grading (XP only: the demo wallet is not verified).
  const bank = loadQuizBank(site);
  // The demo runs before the server's start seeds the quests' settings.
  await seedQuestSettings({ db, clock }, site, bank);
  const quizDeps = { db, clock: past, rules: site.rewards, bank };
  for (const [slug, right] of [
    ["create-wallet", true],
    ["secret-recovery-phrase", true],
    ["revoke-approvals", false],
  ] as const) {
    const quiz = bank.get(slug);
    const started = quiz && (await startQuiz(quizDeps, demoId, slug));
    if (!quiz || !started?.ok) continue;
    const answers = quiz.questions.map((question) => ({
      question_id: question.id,
      choice_id: (question.choices.find((choice) => choice.correct === right) ?? question.choices[0])?.id ?? "",
    }));
    await submitQuiz(quizDeps, demoId, slug, started.token, answers);
  }
  await creditPageVisit({ db, clock: past }, demoId, "visit", "/glossary");
  return { created: true };
}
