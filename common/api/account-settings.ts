import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../account-rules.ts";
import { ACCOUNT_DELETED } from "./account-deleted.ts";
import {
  DISPOSABLE_EMAIL,
  INVALID_EMAIL,
  type LoginThrottled,
  PASSWORDS_DIFFER,
  tooManyLoginsText,
  type WeakPassword,
  weakPasswordText,
} from "./auth.ts";
import { appField, csrfTokenField, jsonObject, passwordInput } from "./fields.ts";

/** The server's own refusals of the account forms, each about one field. */
export const WRONG_PASSWORD = "Your current password is not correct.";
export const EMAIL_TAKEN_ELSEWHERE = "An account with this email already exists.";

export const PASSWORD_CHANGED = "Your password is changed. Your other sessions are signed out.";
export const EMAIL_CHANGE_SENT = "We sent a link to the new address. Your account keeps its current address until you open it.";
export const PAYOUT_IN_FLIGHT =
  "You have a transfer on its way. Wait until it is confirmed, or cancel it, before deleting your account, so your tokens are not lost.";
export const VERIFICATION_SENT = "We sent you a new link. Open it to confirm your email address.";
export const TOO_MANY_RESENDS = "We already sent you several links. Please check your inbox and spam folder, or try again in an hour.";
export const SESSION_ENDED = "That session is signed out.";
export const OTHERS_ENDED = "Every other session is signed out.";
export const EMAIL_VERIFIED = "Thank you: your email address is confirmed.";
export const EMAIL_CHANGED = "Your new email address is confirmed and now signs you in.";
export const EMAIL_NOW_TAKEN = "Another account now uses this address, so it cannot become yours. Your account keeps its old address.";
export const LINK_EXPIRED = "This link has expired or was already used. Ask for a new one.";
export const RESET_REQUESTED =
  "If an account uses this address, we have sent it a link to choose a new password. It works for 30 minutes; check your spam folder too.";
export const TOO_MANY_RESETS = "Too many password reset requests. Please wait an hour and try again.";
export const PASSWORD_RESET = "Your password is changed and every session of your account is signed out. You can log in now.";

/**
 * Why an account form or an emailed link was refused. A wrong current password
 * counts against the account's login limit, so past it the refusal says when to
 * try again, as the login form does.
 */
export type AccountRefusal =
  | { refusal: "wrong_password" | "passwords_differ" | "invalid_email" | "email_unchanged" | "disposable_email" | "email_taken" }
  | { refusal: "payout_in_flight" | "account_already_deleted" | "session_ended" | "link_expired" | "email_now_taken" }
  | WeakPassword
  | LoginThrottled;

export function accountRefusalText(refused: AccountRefusal): string {
  switch (refused.refusal) {
    case "weak_password":
      return weakPasswordText(refused);
    case "too_many_logins":
      return tooManyLoginsText(refused);
    default:
      return ACCOUNT_REFUSAL_TEXTS[refused.refusal];
  }
}

const ACCOUNT_REFUSAL_TEXTS = {
  wrong_password: WRONG_PASSWORD,
  passwords_differ: PASSWORDS_DIFFER,
  invalid_email: INVALID_EMAIL,
  email_unchanged: "That is already your account's email address.",
  disposable_email: DISPOSABLE_EMAIL,
  email_taken: EMAIL_TAKEN_ELSEWHERE,
  payout_in_flight: PAYOUT_IN_FLIGHT,
  account_already_deleted: ACCOUNT_DELETED,
  session_ended: "That session is already signed out.",
  link_expired: LINK_EXPIRED,
  email_now_taken: EMAIL_NOW_TAKEN,
} as const;

/**
 * Account recovery and settings: verify the email, forgot and reset the
 * password, change password and email, sessions, delete the account.
 * Request and reply shapes shared by the routes, the pages and the tests.
 */

const emailToken = z.string({ error: "This link is not complete. Open it again from the email." }).min(1).max(128);

const newPasswordFields = {
  password: passwordInput("Please enter a new password."),
  password2: passwordInput("Please confirm your new password."),
};

const currentPassword = passwordInput("Please enter your current password.", WRONG_PASSWORD);

export function verifyEmailBody(slug: string) {
  return jsonObject({ token: emailToken, app: appField(slug) });
}

/** The link the current address gets when a change of address is asked for. */
export function cancelEmailChangeBody(slug: string) {
  return jsonObject({ token: emailToken, app: appField(slug) });
}
export const EMAIL_CHANGE_CANCELLED = "The change of address is cancelled: your account keeps this email address.";
export const NO_EMAIL_CHANGE_WAITING =
  "No change of address is waiting any more: your account keeps this email address. If you did not ask for one, change your password.";

export const forgotPasswordFields = z.object({
  username: z.string({ error: INVALID_EMAIL }).trim().max(EMAIL_MAX_LENGTH, INVALID_EMAIL).refine(isValidEmail, INVALID_EMAIL),
});
export function forgotPasswordBody(slug: string) {
  return jsonObject({ ...forgotPasswordFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}

export const resetPasswordFields = z.object(newPasswordFields);
export function resetPasswordBody(slug: string) {
  return jsonObject({ ...newPasswordFields, token: emailToken, app: appField(slug), csrfToken: csrfTokenField });
}

export const changePasswordFields = z.object({ current_password: currentPassword, ...newPasswordFields });
export function changePasswordBody(slug: string) {
  return jsonObject({ ...changePasswordFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}

export const changeEmailFields = z.object({
  new_email: z.string({ error: INVALID_EMAIL }).trim().max(EMAIL_MAX_LENGTH, INVALID_EMAIL).refine(isValidEmail, INVALID_EMAIL),
  password: currentPassword,
});
export function changeEmailBody(slug: string) {
  return jsonObject({ ...changeEmailFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}

export const deleteAccountFields = z.object({ password: currentPassword });
export function deleteAccountBody(slug: string) {
  return jsonObject({ ...deleteAccountFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}

/** A change with nothing to send but the page's CSRF token (resend, sign out elsewhere). */
export function accountActionBody(slug: string) {
  return jsonObject({ app: appField(slug), csrfToken: csrfTokenField });
}

export const sessionIdParams = z.object({ id: z.string().regex(/^[0-9a-f]{16}$/, "Unknown session.") }, { error: "Unknown session." });

export const sessionsReply = z.object({
  sessions: z.array(
    z.object({
      id: z.string(),
      device: z.string(),
      /** The /24 or /48 the session signed in from: a coarse location, never the full address. */
      network: z.string().nullable(),
      last_used_at: z.string(),
      created_at: z.string(),
      current: z.boolean(),
      /** Whether the session's network is the one this request comes from, so the page can say "this network". */
      this_network: z.boolean(),
    }),
  ),
});
export type SessionsView = z.infer<typeof sessionsReply>;

/** The member's sign-in address as the account page shows it, and whether its link was followed. */
export const accountEmailReply = z.object({ email: z.string(), email_verified: z.boolean() });
export type AccountEmailView = z.infer<typeof accountEmailReply>;
