import { eq, or } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { RegistrationRefusal } from "../../../common/api/auth.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema.ts";
import { isDisposableEmail } from "../fairness/disposable-email.ts";
import { canonicalEmail } from "../fairness/email-identity.ts";
import { networkOf } from "../fairness/networks.ts";
import { noteAddressVariantAttempt, noteSignupNetwork } from "../fairness/risk-signals.ts";
import type { FairnessRules } from "../fairness/rules.ts";
import { verifySignupSolution } from "../fairness/signup-challenge.ts";
import type { PasswordWork } from "./password-work.ts";
import { hashPassword, passwordWeakness } from "./passwords.ts";
import { newReferralCode, normalizeReferralCode } from "./referral-codes.ts";

export type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  password2: string;
  referralCode: string;
  /**
   * The ALTCHA widget's payload: proof of work, spent before any lookup, so that nobody learns whether an address has an
   * account (or a referral code exists) without doing the work for each question. Only what needs no lookup comes first.
   */
  altcha: string | undefined;
};

export type RegistrationResult = { ok: true; userId: number } | ({ ok: false } & RegistrationRefusal);

type Deps = {
  db: Database;
  clock: Clock;
  work: PasswordWork;
  siteWords: readonly string[];
  fairness: FairnessRules;
  altchaHmacKey: string;
};

/**
 * Creates an account with its own referral code, remembering who referred it.
 * One person, one account: an address is taken when any spelling of it is
 * (tags, dots, case), and throwaway addresses are refused.
 */
export async function registerUser(
  { db, clock, work, siteWords, fairness, altchaHmacKey }: Deps,
  input: Registration & { ip: string },
): Promise<RegistrationResult> {
  if (input.password !== input.password2) return { ok: false, refusal: "passwords_differ" };
  const weakness = passwordWeakness(input.password, { siteWords, email: input.email });
  if (weakness) return { ok: false, refusal: "weak_password", weakness };

  if (isDisposableEmail(input.email, fairness.disposable)) return { ok: false, refusal: "disposable_email" };
  const proof = await verifySignupSolution({ db, clock, hmacKey: altchaHmacKey }, input.altcha);
  if (!proof.ok) return proof;

  const email = normalizeEmail(input.email);
  const emailCanonical = canonicalEmail(email, fairness.identity);
  const [existing] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(or(eq(users.email, email), eq(users.emailCanonical, emailCanonical)));
  if (existing) {
    if (existing.email !== email) await noteAddressVariantAttempt({ db, clock }, existing.id);
    return { ok: false, refusal: "email_taken" };
  }

  let referredBy: number | null = null;
  const typedCode = normalizeReferralCode(input.referralCode);
  if (typedCode) {
    const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, typedCode));
    if (!referrer) return { ok: false, refusal: "unknown_referral_code" };
    referredBy = referrer.id;
  }

  const passwordHash = await work.run(input.ip, () => hashPassword(input.password));
  const signupNetwork = networkOf(input.ip);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [created] = await db
        .insert(users)
        .values({
          email,
          emailCanonical,
          signupNetwork,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          referralCode: newReferralCode(),
          referredBy,
          createdAt: clock.now(),
        })
        .returning({ id: users.id });
      if (!created) throw new Error("insert returned no row");
      await noteSignupNetwork({ db, clock, threshold: fairness.sharedNetworkAccounts }, signupNetwork);
      return { ok: true, userId: created.id };
    } catch (error) {
      // Two registrations of one email at once: the second loses on the unique index.
      if (isUniqueViolation(error, "users_email_unique") || isUniqueViolation(error, "users_email_canonical_unique"))
        return { ok: false, refusal: "email_taken" };
      if (!isUniqueViolation(error, "users_referral_code_unique")) throw error;
    }
  }
  throw new Error("Could not find a free referral code");
}
