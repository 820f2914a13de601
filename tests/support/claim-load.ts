import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { loadSiteConfig } from "../../config/site.ts";
import { type Database, queryRows } from "../../server/db/client.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { startServer } from "./server-process.ts";

const APP = loadSiteConfig().token.slug;

export type Claimer = { email: string; session_token: string };

/** Users made through the server's test hook, each with a session: fresh claimers for one round. */
export async function makeClaimers(url: string, count: number): Promise<Claimer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const reply = await fetch(`${url}/__e2e__/users`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ remember: true }),
      });
      if (!reply.ok) throw new Error(`could not make a user: ${reply.status}`);
      return (await reply.json()) as Claimer;
    }),
  );
}

/** Every claimer claims (twice, racing); answers the emails whose claim the server acknowledged with 200. */
export async function claimAll(url: string, claimers: Claimer[], onAcknowledged: () => void = () => {}): Promise<Set<string>> {
  const acknowledged = new Set<string>();
  await Promise.all(
    claimers.flatMap((claimer) =>
      [0, 1].map(async () => {
        try {
          const reply = await fetch(`${url}/api/claim-daily-reward?app=${APP}`, {
            headers: { cookie: `session=${claimer.session_token}` },
          });
          if (reply.status === 200) {
            acknowledged.add(claimer.email);
            onAcknowledged();
          }
        } catch {
          // The server died mid-request: this claim was never acknowledged.
        }
      }),
    ),
  );
  return acknowledged;
}

/** Every acknowledged claim is in the ledger, nobody was credited twice, and balances equal ledger sums. */
export async function expectClaimsDurable(db: Database, acknowledged: Set<string>): Promise<void> {
  const rows = await queryRows<{ email: string; rewards: number }>(
    db,
    sql`select u.email, count(l.id)::int as rewards from users u left join ledger_entries l on l.user_id = u.id and l.kind = 'daily_reward' group by u.email`,
  );
  const rewards = new Map(rows.map((row) => [row.email, Number(row.rewards)]));
  const missing = [...acknowledged].filter((email) => rewards.get(email) !== 1);
  expect(missing, "acknowledged claims missing from the ledger").toEqual([]);
  expect(
    rows.filter((row) => Number(row.rewards) > 1),
    "users credited twice",
  ).toEqual([]);
  await expectLedgerBalanced(db);
}

/**
 * Rounds of claim load, each ended by kill -9 of the server at a different
 * moment, then a restart. Answers the acknowledged claims and each restart's time.
 */
export async function killDuringClaims(
  env: Record<string, string>,
  rounds: number,
): Promise<{ acknowledged: Set<string>; restartMs: number[] }> {
  const acknowledged = new Set<string>();
  const restartMs: number[] = [];
  let server = await startServer(env, { hooked: true });
  for (let round = 0; round < rounds; round++) {
    const claimers = await makeClaimers(server.url, 12);
    let firstAcknowledged: () => void = () => {};
    const acknowledgedOnce = new Promise<void>((resolve) => {
      firstAcknowledged = resolve;
    });
    const load = claimAll(server.url, claimers, () => firstAcknowledged());
    // The first round's kill waits for one acknowledged claim, so however slow the machine there is something to keep.
    if (round === 0) await Promise.race([acknowledgedOnce, load]);
    // Kills land at different points of the load, from its first requests to its last.
    await new Promise((resolve) => setTimeout(resolve, 10 + ((round * 53) % 250)));
    server.child.kill("SIGKILL");
    for (const email of await load) acknowledged.add(email);
    await server.exited;
    const started = Date.now();
    server = await startServer(env, { hooked: true });
    restartMs.push(Date.now() - started);
  }
  await server.stop();
  return { acknowledged, restartMs };
}
