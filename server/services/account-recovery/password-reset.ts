import { sql } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { AccountRefusal } from "../../../common/api/account-settings.ts";
import { queryRows } from "../../db/client.ts";
import type { AccountDeps } from "../account-deps.ts";
import { linkTo, siteWordsOf } from "../account-deps.ts";
import { hashPassword, passwordWeakness } from "../auth/passwords.ts";
import { cancelEmailTokens, consumeEmailToken, issueEmailToken, peekEmailToken } from "./email-tokens.ts";

/**
 * Sends a reset link when an account has this address, and nothing
 * otherwise. The caller answers before this runs (the same words either
 * way), so neither the answer nor its timing tells whether the account exists.
 */
export async function sendPasswordResetEmail(deps: AccountDeps, email: string): Promise<void> {
  const [member] = await queryRows<{ id: number; email: string; first_name: string }>(
    deps.db,
    sql`select id, email, first_name from users where email = ${normalizeEmail(email)} and deleted_at is null`,
  );
  if (!member) return;
  const token = await issueEmailToken(deps, member.id, "reset_password");
  await deps.mailer.send(member.email, "reset-password", {
    text: { firstName: member.first_name },
    links: { link: linkTo(deps.site, "/reset-password", token) },
  });
}

/** Refused: an expired link, two passwords that differ, or a weak one. */
export type ResetResult = { ok: true; userId: number } | ({ ok: false } & AccountRefusal);

/**
 * Sets the new password from a reset link: checked by the registration rules
 * first (a mistake does not spend the link), then the link is used, the hash
 * written, every session ended and a pending email change cancelled in one
 * transaction; a notice follows.
 */
export async function resetPassword(
  deps: AccountDeps,
  input: { token: string; password: string; password2: string; ip: string },
): Promise<ResetResult> {
  const live = await peekEmailToken(deps, input.token, "reset_password");
  if (!live) return { ok: false, refusal: "link_expired" };
  const [member] = await queryRows<{ email: string; first_name: string }>(
    deps.db,
    sql`select email, first_name from users where id = ${live.userId} and deleted_at is null`,
  );
  if (!member) return { ok: false, refusal: "link_expired" };
  if (input.password !== input.password2) return { ok: false, refusal: "passwords_differ" };
  const weakness = passwordWeakness(input.password, { siteWords: siteWordsOf(deps.site), email: member.email });
  if (weakness) return { ok: false, refusal: "weak_password", weakness };

  const passwordHash = await deps.work.run(input.ip, () => hashPassword(input.password));
  const reset = await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, clock: deps.clock }, input.token, "reset_password");
    if (!used) return false;
    await tx.execute(sql`update users set password_hash = ${passwordHash} where id = ${used.userId}`);
    await tx.execute(sql`delete from sessions where user_id = ${used.userId}`);
    // Whoever knew the old password may have asked to move the account to their address: that link dies with the password.
    await cancelEmailTokens(tx, used.userId, ["change_email", "cancel_email_change"]);
    return true;
  });
  if (!reset) return { ok: false, refusal: "link_expired" };
  await deps.mailer.send(member.email, "password-changed", {
    text: { firstName: member.first_name, sessionsEnded: "every device that was signed in has been signed out" },
  });
  return { ok: true, userId: live.userId };
}
