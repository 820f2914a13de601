import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { appSecrets } from "../db/schema.ts";

/**
 * The secret that signs CSRF tokens: SESSION_SECRET when set (required in
 * production), else one generated once and kept in the database so every
 * instance and every restart shares it.
 */
export async function sessionSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name: "session_secret", value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, "session_secret"));
  if (!row) throw new Error("The session secret could not be stored");
  return row.value;
}
