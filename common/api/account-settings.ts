import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "../account-rules.ts";
import { INVALID_EMAIL } from "./auth.ts";
import { appField, csrfTokenField, jsonObject } from "./fields.ts";

/** The server's own refusals of the account forms, each about one field. */
export const WRONG_PASSWORD = "Your current password is not correct.";
export const EMAIL_TAKEN_ELSEWHERE = "An account with this email already exists.";

/**
 * Account recovery and settings: verify the email, forgot and reset the
 * password, change password and email, sessions, delete the account.
 * Request and reply shapes shared by the routes, the pages and the tests.
 */

const PASSWORD_INPUT_MAX_LENGTH = 1024;
const emailToken = z.string({ error: "This link is not complete. Open it again from the email." }).min(1).max(128);

const newPasswordFields = {
  password: z
    .string({ error: "Please enter a new password." })
    .min(1, "Please enter a new password.")
    .max(PASSWORD_INPUT_MAX_LENGTH, "That password is too long."),
  password2: z
    .string({ error: "Please confirm your new password." })
    .min(1, "Please confirm your new password.")
    .max(PASSWORD_INPUT_MAX_LENGTH, "That password is too long."),
};

const currentPassword = z
  .string({ error: "Please enter your current password." })
  .min(1, "Please enter your current password.")
  .max(PASSWORD_INPUT_MAX_LENGTH, "Your current password is not correct.");

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
