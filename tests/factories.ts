import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../server/db/client.ts";
import { users } from "../server/db/schema.ts";
import { insertMember } from "../server/services/auth/insert-member.ts";
import { agent } from "./helpers/agent.ts";

export type TestUser = { id: number; email: string; password: string; firstName: string; referralCode: string };

let created = 0;

/** A user inserted directly, for tests about what comes after registration. */
export async function createUser(
  db: Database,
  overrides: Partial<{ email: string; password: string; firstName: string; referredBy: number; createdAt: Date; verified: boolean }> = {},
): Promise<TestUser> {
  created++;
  const email = overrides.email ?? `user.${process.pid}.${created}@example.com`;
  const password = overrides.password ?? "a-long-and-unusual-passphrase";
  const firstName = overrides.firstName ?? "Grace";
  const row = await insertMember(db, {
    email,
    firstName,
    lastName: "Hopper",
    password,
    referredBy: overrides.referredBy,
    // Long before the fake clock starts: old enough for payouts unless a test says otherwise.
    createdAt: overrides.createdAt ?? new Date("2026-01-01T00:00:00Z"),
    // A member who confirmed the email, unless a test is about one who has not.
    emailVerifiedAt: overrides.verified === false ? null : new Date("2026-01-01T00:00:00Z"),
  });
  return { id: row.id, email, password, firstName, referralCode: row.referralCode };
}

/** An agent signed in as the user. */
export async function signedIn(app: FastifyInstance, user: TestUser, remember = false) {
  const visitor = agent(app);
  const reply = await visitor.signIn(user.email, user.password, { remember });
  if (reply.statusCode !== 200) throw new Error(`sign-in failed: ${reply.statusCode} ${reply.body}`);
  return visitor;
}

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}
