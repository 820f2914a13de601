import { z } from "zod";
import { isPlainText, SPECIAL_CHARACTERS_MESSAGE } from "../account-rules.ts";

export { isPlainText } from "../account-rules.ts";
export { checkFields, type FieldProblem } from "../check-fields.ts";

/**
 * The building blocks of every request and reply schema in common/api. Each
 * message is written for the person using the form. Free text goes through
 * `text`/`requiredText`, so one rule about the characters a field may hold
 * applies to every field.
 */

export const FORM_EXPIRED = "This form has expired. Reload the page and try again.";

/** Any text a person types: refused when it holds control characters. */
export function text(message: string, maxLength: number, tooLong = `Use at most ${maxLength} characters.`) {
  return z.string({ error: message }).max(maxLength, tooLong).refine(isPlainText, SPECIAL_CHARACTERS_MESSAGE);
}

/** Text that must not be blank; surrounding spaces are dropped. */
export function requiredText(message: string, maxLength: number, tooLong = `Use at most ${maxLength} characters.`) {
  return z.string({ error: message }).trim().min(1, message).max(maxLength, tooLong).refine(isPlainText, SPECIAL_CHARACTERS_MESSAGE);
}

/** A password is read far beyond any rule's length, but not without bound: hashing a megabyte costs the server, not the sender. */
const PASSWORD_INPUT_MAX_LENGTH = 1024;

/** A password as typed: required and never trimmed (spaces are part of it); `tooLong` for a form that must not say more than "incorrect". */
export function passwordInput(missing: string, tooLong = "That password is too long.") {
  return z.string({ error: missing }).min(1, missing).max(PASSWORD_INPUT_MAX_LENGTH, tooLong);
}

/** The `app` field: fixed to the configured token's slug. */
export function appField(slug: string) {
  return z.literal(slug, { error: `Unknown app: this site serves "${slug}".` });
}

export function appQuery(slug: string) {
  return z.object({ app: appField(slug) }, { error: "The request is missing its query." });
}

export const csrfTokenField = z.string({ error: FORM_EXPIRED }).min(1, FORM_EXPIRED).max(256, FORM_EXPIRED);

/** A row's number in a path: within what an `integer` id column holds, so a larger number is a 4xx, not a database error. */
export const rowId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** The same for a `bigint` id column (payouts), within what a JavaScript number holds exactly. */
export const bigRowId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A JSON body must be an object; anything else (an array, a string, null) gets this message. */
export function jsonObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: "The request body must be a JSON object." });
}

/** Every refusal of the API. */
export const errorReply = z.object({ err_msg: z.string() });
export type ErrorReply = z.infer<typeof errorReply>;

export const successReply = z.object({ suc_msg: z.string() });
export type SuccessReply = z.infer<typeof successReply>;

/** Token amounts travel as decimal strings of whole tokens: exact, never floats. */
export const tokenAmount = z.string().regex(/^-?\d+$/);
