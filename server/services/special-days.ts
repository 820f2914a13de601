import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { specialDays } from "../db/schema.ts";

export async function listSpecialDays(db: Database) {
  return db.select().from(specialDays).orderBy(asc(specialDays.day));
}

/** Sets a UTC day's multiplier (1 cancels a configured special day); answers a problem or null. */
export async function setSpecialDay(db: Database, day: string, multiplier: number, note: string | null): Promise<string | null> {
  const parsed = new Date(`${day}T00:00:00Z`);
  // The round trip refuses days a calendar does not have (2027-02-30), which Date would roll over.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    return `"${day}" is not a date written YYYY-MM-DD.`;
  }
  if (![1, 2, 3].includes(multiplier)) return "The multiplier must be 1, 2 or 3.";
  await db.insert(specialDays).values({ day, multiplier, note }).onConflictDoUpdate({ target: specialDays.day, set: { multiplier, note } });
  return null;
}

export async function removeSpecialDay(db: Database, day: string): Promise<boolean> {
  return (await db.delete(specialDays).where(eq(specialDays.day, day)).returning({ day: specialDays.day })).length === 1;
}
