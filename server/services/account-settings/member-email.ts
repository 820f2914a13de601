import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client.ts";

/** The address a member signs in with, and whether they followed its confirmation link. */
export async function memberEmail(db: Database, userId: number): Promise<{ email: string; verified: boolean } | null> {
  const [row] = await queryRows<{ email: string; verified: boolean }>(
    db,
    sql`select email, email_verified_at is not null as verified from users where id = ${userId} and deleted_at is null`,
  );
  return row ?? null;
}
