import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { canonicalEmail } from "../fairness/email-identity.ts";
import { creditPendingReferralBonuses } from "../fairness/referral-bonuses.ts";
import type { AccountDeps } from "./account-deps.ts";
import { linkTo } from "./account-deps.ts";
import { consumeEmailToken, issueEmailToken, LINK_EXPIRED } from "./email-tokens.ts";

export const EMAIL_VERIFIED = "Thank you: your email address is confirmed.";
export const EMAIL_CHANGED = "Your new email address is confirmed and now signs you in.";
export const EMAIL_NOW_TAKEN = "Another account now uses this address, so it cannot become yours. Your account keeps its old address.";

/** Sends the member a link that proves the address is theirs; nothing when it already is. */
export async function sendVerificationEmail(deps: AccountDeps, userId: number): Promise<void> {
  const [member] = await queryRows<{ email: string; first_name: string; email_verified_at: Date | null }>(
    deps.db,
    sql`select email, first_name, email_verified_at from users where id = ${userId} and deleted_at is null`,
  );
  if (!member || member.email_verified_at) return;
  const token = await issueEmailToken(deps, userId, "verify_email");
  await deps.mailer.send(member.email, "verify-email", {
    text: { firstName: member.first_name },
    links: { link: linkTo(deps.site, "/verify-email", token) },
  });
}

export type LinkResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Follows a verification link: the address is verified and, in the same
 * step, the referral bonuses the member's claims earned their referrer are
 * credited (they waited for this proof).
 */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<LinkResult> {
  const used = await consumeEmailToken(deps, token, "verify_email");
  if (!used) return { ok: false, message: LINK_EXPIRED };
  await deps.db.execute(
    sql`update users set email_verified_at = coalesce(email_verified_at, ${deps.clock.now()}) where id = ${used.userId} and deleted_at is null`,
  );
  await creditPendingReferralBonuses(deps, used.userId);
  return { ok: true, message: EMAIL_VERIFIED };
}

/** Follows the link sent to a new address: it replaces the old one, which gets a notice. */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<LinkResult> {
  const used = await consumeEmailToken(deps, token, "change_email");
  if (!used?.newEmail) return { ok: false, message: LINK_EXPIRED };
  const [before] = await queryRows<{ email: string; first_name: string }>(
    deps.db,
    sql`select email, first_name from users where id = ${used.userId} and deleted_at is null`,
  );
  if (!before) return { ok: false, message: LINK_EXPIRED };
  try {
    await deps.db.execute(sql`
      update users set email = ${used.newEmail}, email_canonical = ${canonicalEmail(used.newEmail, deps.fairness.identity)},
                       email_verified_at = ${deps.clock.now()}
       where id = ${used.userId}`);
  } catch (error) {
    if (isUniqueViolation(error, "users_email_unique") || isUniqueViolation(error, "users_email_canonical_unique"))
      return { ok: false, message: EMAIL_NOW_TAKEN };
    throw error;
  }
  await deps.mailer.send(before.email, "email-changed", { text: { firstName: before.first_name, newEmail: used.newEmail } });
  return { ok: true, message: EMAIL_CHANGED };
}
