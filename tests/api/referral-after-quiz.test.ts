import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { issueEmailToken } from "../../server/services/account-recovery/email-tokens.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP, agent } from "../helpers/agent.ts";
import { answerQuizAs, quizAnswers, startQuizAs, takeQuiz } from "../helpers/quests.ts";
import { useTestApp } from "../helpers/test-app.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("with REWARD_REFERRAL_AFTER_FIRST_QUIZ, the referrer's bonus waits for the friend's first quiz pass", () => {
  const t = useTestApp({ site: (site) => ({ ...site, rewards: { ...site.rewards, referralAfterFirstQuiz: true } }) });

  const bonusesOf = async (referrerId: number) => {
    const [row] = await queryRows<{ entries: number; credited: string; pending: string; balance: string }>(
      t.database.db,
      sql`select (select count(*) from ledger_entries where user_id = ${referrerId} and kind = 'referral_bonus')::int as entries,
                 coalesce((select sum(amount) from ledger_entries where user_id = ${referrerId} and kind = 'referral_bonus'), 0)::text as credited,
                 coalesce((select sum(amount) from pending_referral_bonuses where referrer_id = ${referrerId} and credited_at is null), 0)::text as pending,
                 (select balance::text from users where id = ${referrerId}) as balance`,
    );
    return row;
  };
  const claim = async (device: Awaited<ReturnType<typeof signedIn>>) => (await device.get(`/api/claim-daily-reward?app=${APP}`)).statusCode;

  it("holds the bonus through a failed quiz and pays it once at the first pass; later claims pay at once", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id });
    const device = await signedIn(t.app, friend, true);
    expect(await claim(device)).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ entries: 0, credited: "0", pending: "10", balance: "0" });

    expect((await takeQuiz(t, device, "create-wallet", "wrong")).json().passed).toBe(false);
    expect(await bonusesOf(referrer.id)).toMatchObject({ entries: 0, pending: "10" });

    expect((await takeQuiz(t, device, "import-token")).json().passed).toBe(true);
    expect(await bonusesOf(referrer.id)).toEqual({ entries: 1, credited: "10", pending: "0", balance: "10" });
    expect((await takeQuiz(t, device, "revoke-approvals")).json().passed).toBe(true);
    expect(await bonusesOf(referrer.id)).toMatchObject({ entries: 1, credited: "10" });

    t.clock.advance(DAY);
    expect(await claim(device)).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ entries: 2, credited: "20", pending: "0", balance: "20" });
  });

  it("still waits for the verified email when the quiz comes first", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id, verified: false });
    const device = await signedIn(t.app, friend, true);
    expect(await claim(device)).toBe(200);
    expect((await takeQuiz(t, device, "create-wallet")).json().passed).toBe(true);
    expect(await bonusesOf(referrer.id)).toMatchObject({ entries: 0, pending: "10" });

    const token = await issueEmailToken({ db: t.database.db, clock: t.clock }, friend.id, "verify_email");
    expect((await agent(t.app).post("/api/verify-email", { token, app: APP })).statusCode).toBe(200);
    expect(await bonusesOf(referrer.id)).toEqual({ entries: 1, credited: "10", pending: "0", balance: "10" });
  });

  it("pays each waiting bonus once under 50 passing submissions raced with a claim", async () => {
    const referrer = await createUser(t.database.db);
    const friend = await createUser(t.database.db, { referredBy: referrer.id });
    const device = await signedIn(t.app, friend, true);
    for (let day = 0; day < 3; day++) {
      expect(await claim(device)).toBe(200);
      t.clock.advance(DAY);
    }
    expect(await bonusesOf(referrer.id)).toMatchObject({ entries: 0, pending: "30" });

    const attempts = [];
    for (let i = 0; i < 50; i++) attempts.push((await startQuizAs(device, "secret-recovery-phrase")).json().attempt_token as string);
    const right = quizAnswers(t, "secret-recovery-phrase", "right");
    const [claimed, ...graded] = await Promise.all([
      device.get(`/api/claim-daily-reward?app=${APP}`),
      ...attempts.map((token) => answerQuizAs(device, "secret-recovery-phrase", token, right)),
    ]);
    expect(claimed?.statusCode).toBe(200);
    expect(graded.every((reply) => reply.json().passed === true)).toBe(true);
    expect(await bonusesOf(referrer.id)).toEqual({ entries: 4, credited: "40", pending: "0", balance: "40" });
  });
});
