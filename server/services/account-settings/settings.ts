import { sql } from "drizzle-orm";
import { isValidEmail, normalizeEmail } from "../../../common/account-rules.ts";
import type { AccountRefusal } from "../../../common/api/account-settings.ts";
import { queryRows } from "../../db/client.ts";
import { HELD_PAYOUT_STATUSES, statusList } from "../../db/schema.ts";
import type { AccountDeps } from "../account-deps.ts";
import { linkTo, siteWordsOf } from "../account-deps.ts";
import { cancelEmailTokens, issueEmailToken } from "../account-recovery/email-tokens.ts";
import { hashPassword, passwordWeakness, verifyPassword } from "../auth/passwords.ts";
import { checkCurrentPassword } from "../auth/sign-in.ts";
import { isDisposableEmail } from "../fairness/disposable-email.ts";
import { canonicalEmail } from "../fairness/email-identity.ts";

export type SettingsResult = { ok: true } | Refused;

type Refused = { ok: false } & AccountRefusal;

type Member = { id: number; email: string; first_name: string; password_hash: string };

async function memberById(deps: AccountDeps, userId: number): Promise<Member | null> {
  const [member] = await queryRows<Member>(
    deps.db,
    sql`select id, email, first_name, password_hash from users where id = ${userId} and deleted_at is null`,
  );
  return member ?? null;
}

/** A signed-in member's own current password, which every change to the account asks for, and where it came from. */
export type PasswordProof = { userId: number; password: string; ip: string };

/** The member, once their current password is right; each check counts against the account's login limit. */
async function memberWithPassword(
  deps: AccountDeps,
  { userId, password, ip }: PasswordProof,
): Promise<{ ok: true; member: Member } | Refused> {
  const member = await memberById(deps, userId);
  if (!member) return { ok: false, refusal: "wrong_password" };
  const checked = await checkCurrentPassword(deps, member.email, () =>
    deps.work.run(ip, () => verifyPassword(member.password_hash, password)),
  );
  return checked.ok ? { ok: true, member } : checked;
}

/** A new password after the current one; every other session of the member ends, this one stays, and pending email-change and reset links are cancelled. */
export async function changePassword(
  deps: AccountDeps,
  proof: PasswordProof,
  input: { sessionIdHash: string; password: string; password2: string },
): Promise<SettingsResult> {
  const checked = await memberWithPassword(deps, proof);
  if (!checked.ok) return checked;
  const { member } = checked;
  if (input.password !== input.password2) return { ok: false, refusal: "passwords_differ" };
  const weakness = passwordWeakness(input.password, { siteWords: siteWordsOf(deps.site), email: member.email });
  if (weakness) return { ok: false, refusal: "weak_password", weakness };
  const passwordHash = await deps.work.run(proof.ip, () => hashPassword(input.password));
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`update users set password_hash = ${passwordHash} where id = ${member.id}`);
    await tx.execute(sql`delete from sessions where user_id = ${member.id} and id_hash <> ${input.sessionIdHash}`);
    // Links asked for under the old password (an email change, a reset) die with it.
    await cancelEmailTokens(tx, member.id, ["change_email", "cancel_email_change", "reset_password"]);
  });
  await deps.mailer.send(member.email, "password-changed", {
    text: { firstName: member.first_name, sessionsEnded: "your other devices have been signed out" },
  });
  return { ok: true };
}

/** Sends a confirmation link to the new address, and a link to cancel to the current one; nothing changes until the first is opened. */
export async function requestEmailChange(deps: AccountDeps, proof: PasswordProof, newEmailAsTyped: string): Promise<SettingsResult> {
  const checked = await memberWithPassword(deps, proof);
  if (!checked.ok) return checked;
  const { member } = checked;
  const newEmail = normalizeEmail(newEmailAsTyped);
  if (!isValidEmail(newEmail)) return { ok: false, refusal: "invalid_email" };
  if (newEmail === member.email) return { ok: false, refusal: "email_unchanged" };
  if (isDisposableEmail(newEmail, deps.fairness.disposable)) return { ok: false, refusal: "disposable_email" };
  const canonical = canonicalEmail(newEmail, deps.fairness.identity);
  const [taken] = await queryRows<{ id: number }>(
    deps.db,
    sql`select id from users where (email = ${newEmail} or email_canonical = ${canonical}) and id <> ${member.id}`,
  );
  if (taken) return { ok: false, refusal: "email_taken" };
  const token = await issueEmailToken(deps, member.id, "change_email", newEmail);
  const cancelToken = await issueEmailToken(deps, member.id, "cancel_email_change");
  await deps.mailer.send(newEmail, "change-email", {
    text: { firstName: member.first_name },
    links: { link: linkTo(deps.site, "/verify-email", token) },
  });
  // The current address hears of it now, not once the change is done: whoever knew the password may not be the owner.
  await deps.mailer.send(member.email, "email-change-requested", {
    text: { firstName: member.first_name, newEmail },
    links: { link: linkTo(deps.site, "/cancel-email-change", cancelToken) },
  });
  return { ok: true };
}

/**
 * Erases the member's personal data (names, email, password hash, wallet,
 * networks) and ends every session, refused while a payout is on its way.
 * The row stays under its anonymous id so the ledger still balances.
 */
export async function deleteAccount(deps: AccountDeps, proof: PasswordProof): Promise<SettingsResult> {
  const checked = await memberWithPassword(deps, proof);
  if (!checked.ok) return checked;
  const { member } = checked;
  return deps.db.transaction(async (tx) => {
    // The member's row is locked before payouts are looked at: a payout request locks it too, so one of them waits for the other.
    const [live] = await queryRows<{ id: number }>(tx, sql`select id from users where id = ${member.id} and deleted_at is null for update`);
    if (!live) return { ok: false, refusal: "account_already_deleted" } as const;
    const [inFlight] = await queryRows<{ id: number }>(
      tx,
      sql`select id from payouts where user_id = ${member.id} and status in ${statusList(HELD_PAYOUT_STATUSES)} limit 1`,
    );
    if (inFlight) return { ok: false, refusal: "payout_in_flight" } as const;
    await tx.execute(sql`
      update users set email = ${`deleted-${member.id}@deleted.invalid`}, email_canonical = null, first_name = '', last_name = '',
                       password_hash = '', wallet_address = null, wallet_verified_at = null, signup_network = null,
                       email_verified_at = null, display_name = null, deleted_at = ${deps.clock.now()}
       where id = ${member.id}`);
    await tx.execute(sql`delete from sessions where user_id = ${member.id}`);
    await tx.execute(sql`delete from email_tokens where user_id = ${member.id}`);
    await tx.execute(sql`delete from claim_networks where user_id = ${member.id}`);
    await tx.execute(sql`delete from mail_queue where to_address = ${member.email}`);
    return { ok: true } as const;
  });
}
