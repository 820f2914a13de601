import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import type { AccountDeps } from "../account-deps.ts";
import { linkTo } from "../account-deps.ts";
import { canonicalEmail } from "../fairness/email-identity.ts";
import { creditPendingReferralBonuses } from "../fairness/referral-bonuses.ts";
import { cancelEmailTokens, consumeEmailToken, issueEmailToken } from "./email-tokens.ts";

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

export type LinkResult = { ok: true } | { ok: false; refusal: "link_expired" | "email_now_taken" };

/**
 * Follows a verification link: the link is used, the address verified and
 * the referral bonuses the member's claims earned their referrer credited
 * (they waited for this proof), all in one transaction, so a failure leaves
 * the link working rather than an account verified with its bonuses stranded.
 */
export async function verifyEmail(deps: AccountDeps, token: string): Promise<LinkResult> {
  const verified = await deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, clock: deps.clock }, token, "verify_email");
    if (!used) return false;
    await tx.execute(
      sql`update users set email_verified_at = coalesce(email_verified_at, ${deps.clock.now()}) where id = ${used.userId} and deleted_at is null`,
    );
    await creditPendingReferralBonuses({ db: tx, clock: deps.clock }, used.userId, {
      afterFirstQuiz: deps.site.rewards.referralAfterFirstQuiz,
    });
    return true;
  });
  return verified ? { ok: true } : { ok: false, refusal: "link_expired" };
}

type EmailChange = { ok: true; oldEmail: string; firstName: string; newEmail: string } | { ok: false; refusal: "link_expired" };

/**
 * Follows the link sent to a new address: in one transaction the link is
 * used, the address replaced and verified, the links sent to the old address
 * cancelled, and the referral bonuses that waited for a verified address
 * credited; the old address then gets a notice.
 */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<LinkResult> {
  let change: EmailChange;
  try {
    change = await deps.db.transaction(async (tx): Promise<EmailChange> => {
      const used = await consumeEmailToken({ db: tx, clock: deps.clock }, token, "change_email");
      if (!used?.newEmail) return { ok: false, refusal: "link_expired" };
      const [before] = await queryRows<{ email: string; first_name: string }>(
        tx,
        sql`select email, first_name from users where id = ${used.userId} and deleted_at is null for update`,
      );
      if (!before) return { ok: false, refusal: "link_expired" };
      await tx.execute(sql`
        update users set email = ${used.newEmail}, email_canonical = ${canonicalEmail(used.newEmail, deps.fairness.identity)},
                         email_verified_at = ${deps.clock.now()}
         where id = ${used.userId}`);
      await cancelEmailTokens(tx, used.userId, ["reset_password", "verify_email", "cancel_email_change"]);
      await creditPendingReferralBonuses({ db: tx, clock: deps.clock }, used.userId, {
        afterFirstQuiz: deps.site.rewards.referralAfterFirstQuiz,
      });
      return { ok: true, oldEmail: before.email, firstName: before.first_name, newEmail: used.newEmail };
    });
  } catch (error) {
    // The address was taken since the link was sent: nothing changed, and the link stays as it was.
    if (isUniqueViolation(error, "users_email_unique") || isUniqueViolation(error, "users_email_canonical_unique"))
      return { ok: false, refusal: "email_now_taken" };
    throw error;
  }
  if (!change.ok) return change;
  await deps.mailer.send(change.oldEmail, "email-changed", { text: { firstName: change.firstName, newEmail: change.newEmail } });
  return { ok: true };
}

export type EmailChangeCancel = { ok: true; cancelled: boolean } | { ok: false; refusal: "link_expired" };

/** The current address's link: spends it and cancels the change of address still waiting, if one is. */
export async function cancelEmailChange(deps: AccountDeps, token: string): Promise<EmailChangeCancel> {
  return deps.db.transaction(async (tx) => {
    const used = await consumeEmailToken({ db: tx, clock: deps.clock }, token, "cancel_email_change");
    if (!used) return { ok: false, refusal: "link_expired" } as const;
    const cancelled = await queryRows<{ user_id: number }>(
      tx,
      sql`delete from email_tokens where user_id = ${used.userId} and purpose = 'change_email' returning user_id`,
    );
    return { ok: true, cancelled: cancelled.length > 0 } as const;
  });
}
