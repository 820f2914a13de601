import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../account-rules.ts";
import { DISPOSABLE_EMAIL, INVALID_EMAIL } from "./auth.ts";
import { appField, csrfTokenField, jsonObject } from "./fields.ts";

/**
 * The waitlist while sign-ups are "coming soon": a visitor leaves an address,
 * confirms it from the email (double opt-in), and hears once when sign-ups open.
 */

/** The same answer whether the address is new, waiting or already confirmed: the form tells no one who is on the list. */
export const WAITLIST_CHECK_INBOX = "Thank you. Open the link we just emailed you to confirm your place on the waitlist.";
export const WAITLIST_CONFIRMED = "Your place on the waitlist is confirmed. We will email you once, when sign-ups open.";
export const WAITLIST_LINK_EXPIRED = "This link has expired or was already used. Join the waitlist again to get a new one.";
export const TOO_MANY_WAITLIST_REQUESTS = "Too many waitlist requests. Please wait an hour and try again.";

/** Why the waitlist refused a join or the console's announcement. */
export type WaitlistRefusal = { refusal: "disposable_email" | "signups_closed" | "already_announced" };

const WAITLIST_REFUSAL_TEXTS: Record<WaitlistRefusal["refusal"], string> = {
  disposable_email: DISPOSABLE_EMAIL,
  signups_closed: "Sign-ups are still coming soon: open them (SIGNUPS=open) before telling the waitlist.",
  already_announced: "The waitlist was already told that sign-ups are open. It is told once.",
};

export function waitlistRefusalText({ refusal }: WaitlistRefusal): string {
  return WAITLIST_REFUSAL_TEXTS[refusal];
}

export const waitlistFields = z.object({
  email: z.string({ error: INVALID_EMAIL }).trim().max(EMAIL_MAX_LENGTH, INVALID_EMAIL).refine(isValidEmail, INVALID_EMAIL),
});

export function joinWaitlistBody(slug: string) {
  return jsonObject({ ...waitlistFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}
export type JoinWaitlistBody = z.input<ReturnType<typeof joinWaitlistBody>>;

export function confirmWaitlistBody(slug: string) {
  return jsonObject({
    token: z.string({ error: "This link is not complete. Open it again from the email." }).min(1).max(128),
    app: appField(slug),
  });
}

/** The console's view: how many wait, and whether the one announcement went out. */
export const waitlistSummaryReply = z.object({
  confirmed: z.number().int(),
  unconfirmed: z.number().int(),
  signups_open: z.boolean(),
  announced: z.object({ sent_at: z.string(), recipients: z.number().int() }).nullable(),
});
export type WaitlistSummary = z.infer<typeof waitlistSummaryReply>;
