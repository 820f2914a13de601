import { sql } from "drizzle-orm";
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_PAGE_PATH } from "../../../common/api/reminders.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { queueEmail } from "../mail/queue.ts";
import { renderEmail } from "../mail/templates.ts";
import { claimDaysSql, streakFrom, utcDay } from "../streaks.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

export type StreakReminderDeps = { db: Database; clock: Clock; site: SiteConfig; secret: string };

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The one-click link (List-Unsubscribe) and the page's link (the email's text) for a member. */
export function unsubscribeLinks(site: SiteConfig, secret: string, userId: number): { api: string; page: string } {
  const query = `app=${encodeURIComponent(site.token.slug)}&token=${unsubscribeToken(secret, userId)}`;
  return { api: `${site.site.origin}${UNSUBSCRIBE_API_PATH}?${query}`, page: `${site.site.origin}${UNSUBSCRIBE_PAGE_PATH}?${query}` };
}

const hoursText = (ms: number) => {
  const hours = Math.ceil(ms / HOUR_MS);
  return hours <= 1 ? "less than an hour" : `about ${hours} hours`;
};

/**
 * Emails each member who asked for it (with a confirmed address, not on
 * hold) whose streak ends at the coming midnight UTC while today's claim is
 * ready and not made, once `streakReminderHours` or less are left. The
 * reminder's row, keyed by (member, UTC day), and its email are written in one
 * transaction: a second run, here or on another instance, finds the row and
 * writes nothing. The outbox then delivers the emails.
 */
export async function queueStreakReminders({ db, clock, site, secret }: StreakReminderDeps): Promise<{ reminded: number }> {
  const now = clock.now();
  const today = utcDay(now);
  const dayStart = Date.parse(`${today}T00:00:00Z`);
  const left = dayStart + DAY_MS - now.getTime();
  if (left > site.rewards.streakReminderHours * HOUR_MS) return { reminded: 0 };

  // A streak still alive today had its last claim yesterday, or the day before with a freeze to cover yesterday.
  const candidates = await queryRows<{ id: number; email: string; first_name: string; days: string[] }>(
    db,
    sql`select u.id, u.email, u.first_name, ${claimDaysSql(sql`u.id`)} as days
          from users u
         where u.streak_reminder and u.email_verified_at is not null and u.deleted_at is null and u.frozen_at is null
           and u.last_claim_at >= ${new Date(dayStart - 2 * DAY_MS)} and u.last_claim_at < ${new Date(dayStart)}
           and u.last_claim_at <= ${new Date(now.getTime() - site.rewards.claimIntervalHours * HOUR_MS)}
           and not exists (select 1 from streak_reminders r where r.user_id = u.id and r.day = ${today})
         order by u.id`,
  );

  let reminded = 0;
  for (const member of candidates) {
    const streak = streakFrom(member.days, now, site.rewards.streakMilestones);
    if (!streak.atRisk || streak.days < 1) continue;
    const links = unsubscribeLinks(site, secret, member.id);
    const email = renderEmail(site, "streak-reminder", {
      text: {
        firstName: member.first_name,
        streakDays: streak.days === 1 ? "1 day" : `${streak.days} days`,
        timeLeft: hoursText(left),
      },
      links: { link: links.page },
    });
    const queued = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ user_id: number }>(
        tx,
        sql`insert into streak_reminders (user_id, day, sent_at) values (${member.id}, ${today}, ${now})
            on conflict do nothing returning user_id`,
      );
      if (!row) return false;
      await queueEmail({ db: tx, clock }, member.email, "streak-reminder", email, {
        "List-Unsubscribe": `<${links.api}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      });
      return true;
    });
    if (queued) reminded++;
  }
  return { reminded };
}
