import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { appSecrets } from "../db/schema.ts";

/**
 * A secret every instance shares: the configured value when set, else one
 * generated once and kept in the database so every instance and every restart
 * shares it.
 */
async function sharedSecret(db: Database, name: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return row.value;
}

/** Signs CSRF tokens: SESSION_SECRET (required in production) or a stored one. */
export function sessionSecret(db: Database, configured: string | undefined): Promise<string> {
  return sharedSecret(db, "session_secret", configured);
}

/** Signs the sign-up proof-of-work challenges: ALTCHA_HMAC_KEY or a stored one. */
export function altchaHmacKey(db: Database, configured: string | undefined): Promise<string> {
  return sharedSecret(db, "altcha_hmac_key", configured);
}
