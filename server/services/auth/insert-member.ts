import type { Database } from "../../db/client.ts";
import { users } from "../../db/schema.ts";
import { hashPassword } from "./passwords.ts";
import { newReferralCode } from "./referral-codes.ts";

export type NewMember = {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  referredBy?: number | null;
  createdAt: Date;
  /** When the member confirmed the email; null for one who has not. */
  emailVerifiedAt?: Date | null;
};

/**
 * A member written straight to the table, past the sign-up checks: the demo
 * data, the browser tests' hook and the test factories. Sign-up itself goes
 * through register().
 */
export async function insertMember(db: Database, member: NewMember): Promise<{ id: number; referralCode: string }> {
  const { password, ...values } = member;
  const [row] = await db
    .insert(users)
    .values({
      ...values,
      passwordHash: await hashPassword(password),
      referralCode: newReferralCode(),
      referredBy: member.referredBy ?? null,
    })
    .returning({ id: users.id, referralCode: users.referralCode });
  if (!row) throw new Error("member not created");
  return row;
}
