import { z } from "zod";
import { appField, csrfTokenField, jsonObject } from "./fields.ts";

/** Streak reminders: the account page's switch, and the email's one-click unsubscribe link (RFC 8058). */

/** The link in the List-Unsubscribe header: a POST unsubscribes, a GET (a person, or a mail scanner) only leads to the page. */
export const UNSUBSCRIBE_API_PATH = "/api/unsubscribe";
/** The page the email's own link opens: a button that sends the POST. */
export const UNSUBSCRIBE_PAGE_PATH = "/unsubscribe";

export const STREAK_REMINDER_ON = "Saved. We will email you on a day your streak is at risk and your claim is ready, at most once a day.";
export const STREAK_REMINDER_OFF = "Saved. We will not send you streak reminders.";
export const UNSUBSCRIBED = "You are unsubscribed: we will not send you streak reminders any more.";
export const UNSUBSCRIBE_LINK_INVALID =
  "This unsubscribe link is not complete or was changed. Open it again from the email, or turn reminders off on your account page.";

export const streakReminderFields = z.object({ enabled: z.boolean({ error: "Please choose on or off." }) });
export function streakReminderBody(slug: string) {
  return jsonObject({ ...streakReminderFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}
export const streakReminderReply = z.object({ enabled: z.boolean(), email_verified: z.boolean() });
export type StreakReminderView = z.infer<typeof streakReminderReply>;

export function unsubscribeQuery(slug: string) {
  return z.object(
    {
      app: appField(slug),
      token: z.string({ error: UNSUBSCRIBE_LINK_INVALID }).min(1, UNSUBSCRIBE_LINK_INVALID).max(128, UNSUBSCRIBE_LINK_INVALID),
    },
    { error: UNSUBSCRIBE_LINK_INVALID },
  );
}
/** What RFC 8058's one-click POST carries, from a mail provider or the unsubscribe page. */
export const oneClickBody = z.object(
  { "List-Unsubscribe": z.literal("One-Click", { error: "The request must say List-Unsubscribe=One-Click." }) },
  { error: "The request must say List-Unsubscribe=One-Click." },
);
