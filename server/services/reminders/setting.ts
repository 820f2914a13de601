import { sql } from "drizzle-orm";
import { type Database, queryRows } from "../../db/client.ts";

export type StreakReminderSetting = { enabled: boolean; emailVerified: boolean };

/** Whether the member asked for streak reminders, and whether their address is confirmed (reminders go only to a confirmed one). */
export async function streakReminderSetting(db: Database, userId: number): Promise<StreakReminderSetting> {
  const [row] = await queryRows<{ enabled: boolean; verified: boolean }>(
    db,
    sql`select streak_reminder as enabled, email_verified_at is not null as verified from users where id = ${userId} and deleted_at is null`,
  );
  return { enabled: row?.enabled ?? false, emailVerified: row?.verified ?? false };
}

/** Turns the reminders on or off: the account page's switch, and (off) the email's unsubscribe link. */
export async function setStreakReminder(db: Database, userId: number, enabled: boolean): Promise<void> {
  await db.execute(sql`update users set streak_reminder = ${enabled} where id = ${userId} and deleted_at is null`);
}
