import { asc, eq } from "drizzle-orm";
import type { SpecialDayRefusal } from "../../common/api/admin.ts";
import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { specialDays } from "../db/schema.ts";
import { type Actor, recordAudit } from "./audit.ts";

export async function listSpecialDays(db: Database) {
  return db.select().from(specialDays).orderBy(asc(specialDays.day));
}

type SetResult = { ok: true } | ({ ok: false } & SpecialDayRefusal);

/** Sets a UTC day's multiplier (1 cancels a configured special day). */
export async function setSpecialDay(db: Database, day: string, multiplier: number, note: string | null): Promise<SetResult> {
  const parsed = new Date(`${day}T00:00:00Z`);
  // The round trip refuses days a calendar does not have (2027-02-30), which Date would roll over.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day) {
    return { ok: false, refusal: "not_a_date", day };
  }
  if (![1, 2, 3].includes(multiplier)) return { ok: false, refusal: "multiplier_out_of_range" };
  await db.insert(specialDays).values({ day, multiplier, note }).onConflictDoUpdate({ target: specialDays.day, set: { multiplier, note } });
  return { ok: true };
}

export async function removeSpecialDay(db: Database, day: string): Promise<boolean> {
  return (await db.delete(specialDays).where(eq(specialDays.day, day)).returning({ day: specialDays.day })).length === 1;
}

type Deps = { db: Database; clock: Clock };

const dayRow = async (db: Database, day: string) => (await db.select().from(specialDays).where(eq(specialDays.day, day)))[0] ?? null;

/** A staff member sets a day's multiplier: the calendar's row and its audit row in one transaction. */
export function setSpecialDayAsStaff(
  { db, clock }: Deps,
  actor: Actor,
  { day, multiplier, note, reason }: { day: string; multiplier: number; note?: string; reason: string },
): Promise<SetResult> {
  return db.transaction(async (tx) => {
    const before = await dayRow(tx, day);
    const set = await setSpecialDay(tx, day, multiplier, note?.trim() || null);
    if (set.ok)
      await recordAudit(tx, clock, actor, {
        action: "special_day.set",
        subject: `day:${day}`,
        before,
        after: { multiplier, note },
        reason,
      });
    return set;
  });
}

/** A staff member takes a day out of the calendar, with its audit row. */
export function removeSpecialDayAsStaff(
  { db, clock }: Deps,
  actor: Actor,
  day: string,
  reason: string,
): Promise<{ ok: true } | { ok: false; refusal: "day_not_set" }> {
  return db.transaction(async (tx) => {
    const before = await dayRow(tx, day);
    if (!(await removeSpecialDay(tx, day))) return { ok: false, refusal: "day_not_set" };
    await recordAudit(tx, clock, actor, { action: "special_day.remove", subject: `day:${day}`, before, reason });
    return { ok: true };
  });
}
