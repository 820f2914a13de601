import type { Mailer } from "../services/mail/mailer.ts";
import { queueStreakReminders, type StreakReminderDeps } from "../services/reminders/streak-reminders.ts";
import type { Job } from "./runner.ts";

/** Members whose streak is at risk are reminded, once a UTC day each; the outbox delivers the emails right away. */
export function streakRemindersJob(deps: StreakReminderDeps, mailer: Mailer, everyMs: number): Job {
  return {
    name: "streak-reminders",
    everyMs,
    async run() {
      const { reminded } = await queueStreakReminders(deps);
      if (reminded > 0) await mailer.flush();
      return { reminded };
    },
  };
}
