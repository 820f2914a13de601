import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { canonicalEmail, type EmailIdentityRules } from "./email-identity.ts";
import { flagCanonicalCollision } from "./risk-signals.ts";

/**
 * Gives accounts without one their canonical address, oldest first, so the
 * oldest account of a person keeps it. An account whose form is already
 * taken keeps none and is flagged with the older one: never deleted, never
 * merged, so a person decides. Runs at start-up; a second run finds nothing new.
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
         where email_canonical is null
           and not exists (select 1 from risk_signals s where s.user_id = u.id and s.kind = 'canonical_email_collision')
         order by id`,
  );
  let assigned = 0;
  let flagged = 0;
  for (const user of pending) {
    const canonical = canonicalEmail(user.email, rules);
    try {
      await db.execute(sql`update users set email_canonical = ${canonical} where id = ${user.id} and email_canonical is null`);
      assigned++;
    } catch (error) {
      if (!isUniqueViolation(error, "users_email_canonical_unique")) throw error;
      const [keeper] = await queryRows<{ id: number }>(db, sql`select id from users where email_canonical = ${canonical}`);
      if (keeper) await flagCanonicalCollision({ db, clock }, user.id, keeper.id);
      flagged++;
    }
  }
  return { assigned, flagged };
}
