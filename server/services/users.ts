import { asc, desc, eq, gte, ilike, or, sql } from "drizzle-orm";
import { normalizeEmail } from "../../common/account-rules.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

const summary = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  balance: users.balance,
  walletAddress: users.walletAddress,
  referralCode: users.referralCode,
  createdAt: users.createdAt,
};

/** Users whose email, name, referral code or wallet address contains `search` (all when empty), newest first. */
export async function findUsers(db: Database, search: string, limit: number) {
  const pattern = `%${search.replace(/[%_\\]/g, "\\$&")}%`;
  const where = search
    ? or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.referralCode, pattern),
        ilike(users.walletAddress, pattern),
      )
    : undefined;
  return db.select(summary).from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
}

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select({
      ...summary,
      referredBy: users.referredBy,
      lastClaimAt: users.lastClaimAt,
      referrals: sql<number>`(select count(*) from users r where r.referred_by = "users"."id")::int`,
    })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user ?? null;
}

export async function findUserById(db: Database, id: number) {
  const [user] = await db
    .select({
      ...summary,
      walletVerifiedAt: users.walletVerifiedAt,
      claimCount: users.claimCount,
      emailVerifiedAt: users.emailVerifiedAt,
      frozenAt: users.frozenAt,
    })
    .from(users)
    .where(eq(users.id, id));
  return user ?? null;
}

/** Users whose balance reached the minimum for a transfer to mainnet: the withdrawal list. */
export async function withdrawalEligible(db: Database, minimum: bigint) {
  return db
    .select({ id: users.id, email: users.email, walletAddress: users.walletAddress, balance: users.balance })
    .from(users)
    .where(gte(users.balance, minimum))
    .orderBy(desc(users.balance), asc(users.id));
}
