import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { canonicalEmail, type EmailIdentityRules } from "./email-identity.ts";
import { flagCanonicalCollision } from "./risk-signals.ts";

/** Accounts given their canonical address by one statement. */
const BATCH_SIZE = 1_000;

type Pending = { id: number; canonical: string };

/**
 * Gives accounts without one their canonical address, oldest first, so the
 * oldest account of a person keeps it. An account whose form is already
 * taken keeps none and is flagged with the older one: never deleted, never
 * merged, so a person decides. An erased account has none, and gets none.
 * Runs at start-up, before the server listens; a second run finds nothing new.
 *
 * The first account of each form is written a thousand at a time: one row at
 * a time, a site of 150,000 members waited 100 s for its first start after
 * the upgrade. A batch that meets a form an account already holds is written
 * again one row at a time, as are the later accounts of a form, so each
 * collision is flagged with its keeper.
 */
export async function assignCanonicalEmails({
  db,
  clock,
  rules,
}: {
  db: Database;
  clock: Clock;
  rules: EmailIdentityRules;
}): Promise<{ assigned: number; flagged: number }> {
  const pending = await queryRows<{ id: number; email: string }>(
    db,
    sql`select id, email from users u
         where email_canonical is null and deleted_at is null
           and not exists (select 1 from risk_signals s where s.user_id = u.id and s.kind = 'canonical_email_collision')
         order by id`,
  );
  const firsts: Pending[] = [];
  const laters: Pending[] = [];
  const seen = new Set<string>();
  for (const user of pending) {
    const canonical = canonicalEmail(user.email, rules);
    (seen.has(canonical) ? laters : firsts).push({ id: user.id, canonical });
    seen.add(canonical);
  }

  let assigned = 0;
  let flagged = 0;
  const assignOne = async (user: Pending) => {
    try {
      await db.execute(sql`update users set email_canonical = ${user.canonical} where id = ${user.id} and email_canonical is null`);
      assigned++;
    } catch (error) {
      if (!isUniqueViolation(error, "users_email_canonical_unique")) throw error;
      const [keeper] = await queryRows<{ id: number }>(db, sql`select id from users where email_canonical = ${user.canonical}`);
      if (keeper) await flagCanonicalCollision({ db, clock }, user.id, keeper.id);
      flagged++;
    }
  };
  for (let start = 0; start < firsts.length; start += BATCH_SIZE) {
    const batch = firsts.slice(start, start + BATCH_SIZE);
    try {
      await db.execute(
        sql`update users u set email_canonical = b.canonical
              from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as b(id int, canonical text)
             where u.id = b.id and u.email_canonical is null`,
      );
      assigned += batch.length;
    } catch (error) {
      if (!isUniqueViolation(error, "users_email_canonical_unique")) throw error;
      for (const user of batch) await assignOne(user);
    }
  }
  for (const user of laters) await assignOne(user);
  return { assigned, flagged };
}
