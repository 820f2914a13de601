import { sql } from "drizzle-orm";
import type { ConsoleRefusal } from "../../../common/api/admin.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import type { AccountDeps } from "../account-deps.ts";
import { sendVerificationEmail } from "../account-recovery/verification.ts";
import { revokeMemberSession } from "../account-settings/member-sessions.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { findUserById } from "../users.ts";

type Deps = { db: Database; clock: Clock };

export type MemberCareResult = { ok: true } | ({ ok: false } & ConsoleRefusal);

/**
 * A staff member freezes a member's account, or unfreezes it, with the audit
 * row in the same transaction: while frozen no claim is credited, no transfer
 * is requested and none is batched.
 */
export function changeMemberFreezeAsStaff(
  { db, clock }: Deps,
  actor: Actor,
  userId: number,
  { change, reason }: { change: "freeze" | "unfreeze"; reason: string },
): Promise<MemberCareResult> {
  return db.transaction(async (tx) => {
    const [states] = await queryRows<{ before: Date | null; after: Date | null }>(
      tx,
      sql`with old as (select id, frozen_at from users where id = ${userId} and deleted_at is null for update)
          update users u set frozen_at = ${change === "freeze" ? sql`coalesce(old.frozen_at, ${clock.now()})` : sql`null`}
            from old where u.id = old.id
          returning old.frozen_at as before, u.frozen_at as after`,
    );
    if (!states) return { ok: false, refusal: "unknown_member" };
    await recordAudit(tx, clock, actor, {
      action: `member.${change}`,
      subject: `user:${userId}`,
      before: { frozen_at: states.before?.toISOString() ?? null },
      after: { frozen_at: states.after?.toISOString() ?? null },
      reason,
    });
    return { ok: true };
  });
}

/** A staff member signs out one of a member's sessions, with its audit row. */
export function revokeMemberSessionAsStaff(
  { db, clock }: Deps,
  actor: Actor,
  userId: number,
  { session, reason }: { session: string; reason: string },
): Promise<MemberCareResult> {
  return db.transaction(async (tx) => {
    if (!(await revokeMemberSession(tx, userId, session))) return { ok: false, refusal: "session_ended" };
    await recordAudit(tx, clock, actor, { action: "member.session_revoke", subject: `user:${userId}`, before: { session }, reason });
    return { ok: true };
  });
}

/**
 * A staff member sends a member a new confirmation link. The email goes out
 * first, then its audit row: the mail queue cannot wait inside a transaction
 * on the embedded database, whose one connection the transaction holds.
 */
export async function resendVerificationAsStaff(
  deps: AccountDeps,
  actor: Actor,
  userId: number,
  reason: string,
): Promise<{ ok: true; email: string } | ({ ok: false } & ConsoleRefusal)> {
  const user = await findUserById(deps.db, userId);
  if (!user) return { ok: false, refusal: "unknown_member" };
  if (user.emailVerifiedAt) return { ok: false, refusal: "email_already_confirmed" };
  await sendVerificationEmail(deps, user.id);
  await recordAudit(deps.db, deps.clock, actor, { action: "member.resend_verification", subject: `user:${user.id}`, reason });
  return { ok: true, email: user.email };
}

/** The members a member brought in, newest first. */
export function referralsOf(db: Database, userId: number) {
  return queryRows<{ id: number; email: string; created_at: Date }>(
    db,
    sql`select id, email, created_at from users where referred_by = ${userId} order by created_at desc, id desc limit 100`,
  );
}

/** What a member wrote through the contact form, matched by the account's address. */
export function contactMessagesFrom(db: Database, email: string) {
  return queryRows<{ id: number; created_at: Date; subject: string; message: string }>(
    db,
    sql`select id, created_at, subject, message from contact_messages where lower(email) = lower(${email}) order by created_at desc, id desc limit 50`,
  );
}
