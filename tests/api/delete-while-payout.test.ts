import { eq, sql } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { type PasswordWork, passwordWork } from "../../server/services/auth/password-work.ts";
import { postAdjustment } from "../../server/services/ledger.ts";
import { createUser, signedIn } from "../factories.ts";
import { APP } from "../helpers/agent.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { useTestApp } from "../helpers/test-app.ts";

const TRIALS = 25;
const PAYOUT_REQUESTS = 24;

/**
 * Deleting an account while payouts are asked for, in parallel. On PostgreSQL
 * (TEST_DATABASE_URL) the statements really interleave; the embedded database
 * runs one at a time and cannot show the race, but holds the same outcome.
 */
describe("deleting an account while a payout is requested", () => {
  // The payout requests start the moment the delete's password is found right, just before its transaction: the race's window.
  let onPasswordChecked: (() => void) | null = null;
  const checks = passwordWork({ concurrency: 2, maxWaiting: 32, maxPerClient: 4 });
  const work: PasswordWork = {
    async run(address, job) {
      const result = await checks.run(address, job);
      const hook = onPasswordChecked;
      onPasswordChecked = null;
      hook?.();
      return result;
    },
    started: () => checks.started(),
  };
  const t = useTestApp({ passwordWork: work });

  async function member() {
    const user = await createUser(t.database.db);
    await postAdjustment({ db: t.database.db, clock: t.clock }, { userId: user.id, tokens: 10_000n, direction: "credit", reason: "test" });
    await t.database.db
      .update(users)
      .set({ walletAddress: privateKeyToAccount(generatePrivateKey()).address, walletVerifiedAt: t.clock.now() })
      .where(eq(users.id, user.id));
    const visitor = await signedIn(t.app, user);
    const [payoutsToken, accountToken] = [await visitor.csrf("payouts"), await visitor.csrf("account")];
    return {
      user,
      requestPayout: () => visitor.post("/api/payouts", { amount: "10000", app: APP, csrfToken: payoutsToken }),
      deleteAccount: () => visitor.post("/api/delete-account", { password: user.password, app: APP, csrfToken: accountToken }),
    };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it(`lets exactly one of delete or payout win, and the other gets a 4xx, in ${TRIALS} trials of ${PAYOUT_REQUESTS} requests`, {
    timeout: 300_000,
  }, async () => {
    const outcomes = { deleted: 0, paid: 0 };
    for (let trial = 0; trial < TRIALS; trial++) {
      const m = await member();
      const passwordChecked = new Promise<void>((resolve) => {
        onPasswordChecked = resolve;
      });
      const [deleted, ...payouts] = await Promise.all([
        m.deleteAccount(),
        ...Array.from({ length: PAYOUT_REQUESTS }, (_, index) => passwordChecked.then(() => pause(index)).then(m.requestPayout)),
      ]);
      const replies = [deleted, ...payouts];
      for (const reply of replies) expect(reply.statusCode, `trial ${trial}: ${reply.body}`).toBeLessThan(500);

      const [row] = await queryRows<{ deleted: boolean; open: number; balance: string }>(
        t.database.db,
        sql`select deleted_at is not null as deleted, balance::text as balance,
                   (select count(*)::int from payouts where user_id = ${m.user.id} and status in ('in_review', 'requested', 'batched', 'sent')) as open
              from users where id = ${m.user.id}`,
      );
      const paid = payouts.filter((reply) => reply.statusCode === 200);
      if (row?.deleted) {
        outcomes.deleted++;
        expect({ trial, deleteStatus: deleted.statusCode, open: row.open, paid: paid.length }).toEqual({
          trial,
          deleteStatus: 200,
          open: 0,
          paid: 0,
        });
      } else {
        outcomes.paid++;
        expect({ trial, deleteStatus: deleted.statusCode, open: row?.open, paid: paid.length, balance: row?.balance }).toEqual({
          trial,
          deleteStatus: 400,
          open: 1,
          paid: 1,
          balance: "0",
        });
      }
    }
    await expectLedgerBalanced(t.database.db);
    expect(outcomes.deleted + outcomes.paid).toBe(TRIALS);
  });
});
