import { eq } from "drizzle-orm";
import { normalizeEmail } from "../../../common/account-rules.ts";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { users } from "../../db/schema.ts";
import type { PasswordWork } from "./password-work.ts";
import { hashPassword, passwordProblem } from "./passwords.ts";
import { newReferralCode, normalizeReferralCode } from "./referral-codes.ts";

export type Registration = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  password2: string;
  referralCode: string;
};

export type RegistrationResult = { ok: true; userId: number } | { ok: false; message: string };

export const EMAIL_TAKEN = "An account with this email already exists. Log in instead, or use another email.";
export const UNKNOWN_REFERRAL_CODE = "That referral code does not match any account. Check it, or leave the field empty.";

/** Creates an account with its own referral code, remembering who referred it. */
export async function registerUser(
  { db, work, siteWords }: { db: Database; clock: Clock; work: PasswordWork; siteWords: readonly string[] },
  input: Registration & { ip: string },
): Promise<RegistrationResult> {
  if (input.password !== input.password2) return { ok: false, message: "The two passwords do not match." };
  const weakness = passwordProblem(input.password, { siteWords, email: input.email });
  if (weakness) return { ok: false, message: weakness };

  const email = normalizeEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return { ok: false, message: EMAIL_TAKEN };

  let referredBy: number | null = null;
  const typedCode = normalizeReferralCode(input.referralCode);
  if (typedCode) {
    const [referrer] = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, typedCode));
    if (!referrer) return { ok: false, message: UNKNOWN_REFERRAL_CODE };
    referredBy = referrer.id;
  }

  const passwordHash = await work.run(input.ip, () => hashPassword(input.password));
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [created] = await db
        .insert(users)
        .values({ email, firstName: input.firstName, lastName: input.lastName, passwordHash, referralCode: newReferralCode(), referredBy })
        .returning({ id: users.id });
      if (!created) throw new Error("insert returned no row");
      return { ok: true, userId: created.id };
    } catch (error) {
      // Two registrations of one email at once: the second loses on the unique index.
      if (isUniqueViolation(error, "users_email_unique")) return { ok: false, message: EMAIL_TAKEN };
      if (!isUniqueViolation(error, "users_referral_code_unique")) throw error;
    }
  }
  throw new Error("Could not find a free referral code");
}
