import { z } from "zod";
import { hasControlCharacters, hasDisplayTricks, SPECIAL_CHARACTERS_MESSAGE } from "../../../common/account-rules.ts";
import type { SiteConfig } from "../../../config/site.ts";

/** Shared pieces of the API's request schemas; every message is written for the person using the form. */

export const FORM_EXPIRED = "This form has expired. Reload the page and try again.";

export function appField(site: SiteConfig) {
  return z.literal(site.token.slug, { error: `Unknown app: this site serves "${site.token.slug}".` });
}

export function appQuery(site: SiteConfig) {
  return z.object({ app: appField(site) }, { error: "The request is missing its query." });
}

export function requiredText(message: string, maxLength: number, tooLong = `Use at most ${maxLength} characters.`) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(maxLength, tooLong)
    .refine((value) => !hasControlCharacters(value) && !hasDisplayTricks(value), SPECIAL_CHARACTERS_MESSAGE);
}

export const csrfTokenField = z.string({ error: FORM_EXPIRED }).min(1, FORM_EXPIRED).max(256, FORM_EXPIRED);

/** A JSON body must be an object; anything else (an array, a string, null) gets this message. */
export function jsonObject<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: "The request body must be a JSON object." });
}
