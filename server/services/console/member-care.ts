import { sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/**
 * Freezes a member's account, or unfreezes it: while frozen no claim
 * is credited, no transfer is requested and none is batched. Answers the
 * state before and after, or null for an unknown member.
 */
export async function setMemberFrozen(
  { db, clock }: { db: Database; clock: Clock },
  userId: number,
  frozen: boolean,
): Promise<{ before: string | null; after: string | null } | null> {
  const [row] = await queryRows<{ before: Date | string | null; after: Date | string | null }>(
    db,
    sql`with old as (select id, frozen_at from users where id = ${userId} and deleted_at is null for update)
        update users u set frozen_at = ${frozen ? sql`coalesce(old.frozen_at, ${clock.now()})` : sql`null`}
          from old where u.id = old.id
        returning old.frozen_at as before, u.frozen_at as after`,
  );
  if (!row) return null;
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return { before: iso(row.before), after: iso(row.after) };
}

/** The members a member brought in, newest first. */
export function referralsOf(db: Database, userId: number) {
  return queryRows<{ id: number; email: string; created_at: Date | string }>(
    db,
    sql`select id, email, created_at from users where referred_by = ${userId} order by created_at desc, id desc limit 100`,
  );
}

/** What a member wrote through the contact form, matched by the account's address. */
export function contactMessagesFrom(db: Database, email: string) {
  return queryRows<{ id: number; created_at: Date | string; subject: string; message: string }>(
    db,
    sql`select id, created_at, subject, message from contact_messages where lower(email) = lower(${email}) order by created_at desc, id desc limit 50`,
  );
}
