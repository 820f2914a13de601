/** Rules both the forms and the API apply to accounts, so the browser and the server never disagree. */

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;
export const EMAIL_LABEL_MAX_LENGTH = 63;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/;
const TOP_LEVEL_DOMAIN = /^[A-Za-z]{2,63}$|^xn--[A-Za-z0-9-]{1,59}$/;

/**
 * The spec's email rule: at most 254 characters, a local part of at most 64,
 * domain labels of at most 63, and a top-level domain. The local part is the
 * dot-atom form (no quoted strings), as every mainstream sign-up form accepts.
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf("@");
  if (at <= 0 || value.indexOf("@") !== at) return false;
  const local = value.slice(0, at);
  const labels = value.slice(at + 1).split(".");
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL_PART.test(local)) return false;
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= EMAIL_LABEL_MAX_LENGTH && DOMAIN_LABEL.test(label))) return false;
  return TOP_LEVEL_DOMAIN.test(labels[labels.length - 1] as string);
}

/** Emails are matched without regard to case: one account per address. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const SPECIAL_CHARACTERS_MESSAGE = "Please remove the special control characters from this field.";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point of this rule.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;
const DISPLAY_TRICKS = /[\u202A-\u202E\u2066-\u2069\uFEFF]/;

/**
 * C0 control characters other than tab and line breaks, DEL, and lone UTF-16
 * surrogates: never part of text a person typed (PostgreSQL refuses NUL, and a
 * lone surrogate is not valid Unicode).
 */
export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** Bidirectional embeddings, overrides and isolates, and the byte-order mark: they make text read otherwise than it is stored. */
export function hasDisplayTricks(text: string): boolean {
  return DISPLAY_TRICKS.test(text);
}

/** Text as a person typed it: no control characters, broken Unicode or characters that make it display otherwise than it is stored. */
export function isPlainText(value: string): boolean {
  return !hasControlCharacters(value) && !hasDisplayTricks(value);
}
