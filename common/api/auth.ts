import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../account-rules.ts";
import { appField, csrfTokenField, jsonObject, passwordInput, requiredText, successReply } from "./fields.ts";

/** Registration, login, logout and the CSRF tokens of their forms: the spec's calls, field for field. */

export const CSRF_PAGES = [
  "signin",
  "register",
  "update-wallet-address",
  "payouts",
  "quests",
  "forgot-password",
  "reset-password",
  "account",
  "console",
  "waitlist",
] as const;
export type CsrfPage = (typeof CSRF_PAGES)[number];

export const TERMS_REQUIRED = "To proceed, please agree to our Terms & Conditions and Privacy Policy.";
export const INVALID_EMAIL = "Please enter a valid email.";
export const REGISTERED = "Your account has been created. We sent you an email: open its link to confirm your address. You can log in now.";
export const NOT_LOGGED_IN = "Please log in first.";
export const SIGNED_OUT = "You have been logged out.";
/** The server's own refusals of a sign-up, each about one field. */
export const EMAIL_TAKEN = "An account with this email already exists. Log in instead, or use another email.";
export const UNKNOWN_REFERRAL_CODE = "That referral code does not match any account. Check it, or leave the field empty.";
export const DISPOSABLE_EMAIL =
  "Addresses from throwaway email services can't be used here. Please use an address you will keep: we send your account's notices to it.";

export const PASSWORDS_DIFFER = "The two passwords do not match.";

/** The sign-up proof of work's refusals: not finished, not ours or not solved, expired, or spent before. */
export const SIGNUP_CHALLENGE_REFUSALS = {
  challenge_missing: "Your browser has not finished its sign-up check yet. Wait a moment and send the form again.",
  challenge_invalid: "The sign-up check did not pass. Reload the page and try again.",
  challenge_expired: "The sign-up check has expired. Reload the page and try again.",
  challenge_used: "This sign-up check was already used. Reload the page and try again.",
} as const;
export type SignupChallengeRefusal = { refusal: keyof typeof SIGNUP_CHALLENGE_REFUSALS };

/** Which rule a new password breaks: too short or long (in characters as people see them), one character, a common one, or built from the site's name or the email. */
export type PasswordWeakness = "too_short" | "too_long" | "one_character" | "common" | "site_words";

const PASSWORD_WEAKNESS_TEXTS: Record<PasswordWeakness, string> = {
  too_short: `Use at least ${PASSWORD_MIN_LENGTH} characters for your password.`,
  too_long: `Use at most ${PASSWORD_MAX_LENGTH} characters for your password.`,
  one_character: "Don't repeat one character: a few unrelated words make a strong password.",
  common: "This password is one of the most common ones. Choose one that is harder to guess.",
  site_words: `Don't build your password from this site's name or your email: without them, use at least ${PASSWORD_MIN_LENGTH} characters.`,
};

/** A new password refused, wherever one is chosen (sign-up, reset, change), with the rule it breaks. */
export type WeakPassword = { refusal: "weak_password"; weakness: PasswordWeakness };

export function weakPasswordText({ weakness }: WeakPassword): string {
  return PASSWORD_WEAKNESS_TEXTS[weakness];
}

/** One message for an unknown email and a wrong password, so the answer tells nothing about who has an account. */
export const INVALID_LOGIN = "The email or password is incorrect.";

/** Too many wrong passwords for an account or from a network: when to try again, as at the login form. */
export type LoginThrottled = { refusal: "too_many_logins"; retryAfterSeconds: number };

export function tooManyLoginsText({ retryAfterSeconds }: LoginThrottled): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many failed logins. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** A login refused: the email and password do not match an account, or too many tries. */
export type SignInRefusal = { refusal: "invalid_login" } | LoginThrottled;

export function signInRefusalText(refused: SignInRefusal): string {
  return refused.refusal === "invalid_login" ? INVALID_LOGIN : tooManyLoginsText(refused);
}

/** A sign-up the server refused, and why. */
export type RegistrationRefusal =
  | SignupChallengeRefusal
  | { refusal: "passwords_differ" | "disposable_email" | "email_taken" | "unknown_referral_code" }
  | WeakPassword;

export function registrationRefusalText(refused: RegistrationRefusal): string {
  switch (refused.refusal) {
    case "passwords_differ":
      return PASSWORDS_DIFFER;
    case "weak_password":
      return weakPasswordText(refused);
    case "disposable_email":
      return DISPOSABLE_EMAIL;
    case "email_taken":
      return EMAIL_TAKEN;
    case "unknown_referral_code":
      return UNKNOWN_REFERRAL_CODE;
    default:
      return SIGNUP_CHALLENGE_REFUSALS[refused.refusal];
  }
}

/** Password checks refused at once: this client already has its share running (429), or every place is taken (503). */
export const PASSWORD_CHECKS_BUSY = {
  client: "Too many logins from your network are being checked right now. Please wait a moment and try again.",
  server: "Too many logins are being checked right now. Please try again in a moment.",
} as const;

/**
 * What a person types to register, in the order the spec checks it: the
 * email first, then the other required fields. The form puts the terms box
 * in front; the API adds `app`, the CSRF token and the honeypot.
 */
export const registerFields = z.object({
  username: z.string({ error: INVALID_EMAIL }).trim().refine(isValidEmail, INVALID_EMAIL),
  first_name: requiredText("Please enter your first name.", NAME_MAX_LENGTH),
  last_name: requiredText("Please enter your last name.", NAME_MAX_LENGTH),
  password: passwordInput("Please enter a password."),
  password2: passwordInput("Please confirm your password."),
  referral_code: z.string({ error: "The referral code must be text." }).max(32, "That referral code is too long.").optional().default(""),
});

/** The register form: the terms box is checked before anything else, and the two passwords must match before the server is asked. */
export const registerForm = z
  .object({
    terms: z.literal(true, { error: TERMS_REQUIRED }),
    ...registerFields.shape,
  })
  .refine((form) => form.password === form.password2, { message: PASSWORDS_DIFFER, path: ["password2"] });

export function registerBody(slug: string) {
  return jsonObject({
    ...registerFields.shape,
    app: appField(slug),
    csrfToken: csrfTokenField,
    /** The honeypot: hidden from people, filled in by bots. */
    website: z.string().max(500).optional(),
    /** The sign-up proof of work: the ALTCHA widget's base64 payload, under its default field name. */
    altcha: z.string().max(8_000, SIGNUP_CHALLENGE_REFUSALS.challenge_invalid).optional(),
  });
}

/** A sign-up proof-of-work challenge, as the ALTCHA widget fetches it (`GET /api/altcha-challenge`). */
export const signupChallengeReply = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type RegisterBody = z.input<ReturnType<typeof registerBody>>;

export const signInFields = z.object({
  username: z
    .string({ error: "Please enter your email." })
    .trim()
    .min(1, "Please enter your email.")
    .max(EMAIL_MAX_LENGTH, "Please enter your email."),
  password: passwordInput("Please enter your password.", INVALID_LOGIN),
  remember: z.boolean({ error: "remember must be true or false." }).optional().default(false),
});

export function signInBody(slug: string) {
  return jsonObject({ ...signInFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}
export type SignInBody = z.input<ReturnType<typeof signInBody>>;

export function csrfQuery(slug: string) {
  return z.object(
    { app: appField(slug), page: z.enum(CSRF_PAGES, { error: "Unknown page." }) },
    { error: "The request is missing its query." },
  );
}

export const csrfReply = z.object({ csrf_token: z.string() });
export type CsrfReply = z.infer<typeof csrfReply>;

export const authenticatedReply = z.object({ authenticated: z.literal(true) });

export const signInReply = successReply;
export const registerReply = successReply;
