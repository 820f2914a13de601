import { z } from "zod";
import { appField, csrfTokenField, jsonObject } from "./fields.ts";

/** The leaderboard: members who chose a display name, ranked by the XP they earned in a season (a UTC month). */

export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 24;
export const DISPLAY_NAME_TAKEN = "Another member already uses this name. Please choose another.";
export const DISPLAY_NAME_SAVED = "Saved. Your name appears on the leaderboard from now on.";
export const DISPLAY_NAME_REMOVED = "Removed. You no longer appear on the leaderboard.";

const NAME_CHARACTERS = "Use letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.";

/** An empty name takes the member off the board; anything else must be a name, never an address. */
export const displayNameField = z
  .string({ error: "Please enter a display name." })
  .trim()
  .refine((name) => name === "" || name.length >= DISPLAY_NAME_MIN, `Use at least ${DISPLAY_NAME_MIN} characters.`)
  .refine((name) => name.length <= DISPLAY_NAME_MAX, `Use at most ${DISPLAY_NAME_MAX} characters.`)
  .refine((name) => name === "" || /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(name), NAME_CHARACTERS)
  .refine((name) => !/^0x[0-9a-f]{4,}/i.test(name), "A wallet address cannot be a display name: it would show who you are.")
  .refine((name) => !/\.[a-z]{2,}$/i.test(name), "A display name cannot look like an email address or a website.");

export const displayNameFields = z.object({ display_name: displayNameField });
export function displayNameBody(slug: string) {
  return jsonObject({ display_name: displayNameField, app: appField(slug), csrfToken: csrfTokenField });
}
export const displayNameReply = z.object({ display_name: z.string().nullable() });
export type DisplayNameView = z.infer<typeof displayNameReply>;

export const SEASON_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export function leaderboardQuery(slug: string) {
  return z.object(
    {
      app: appField(slug),
      season: z.string().regex(SEASON_PATTERN, "A season is a month written YYYY-MM, such as 2026-11.").optional(),
    },
    { error: "The request is missing its query." },
  );
}

export const leaderboardReply = z.object({
  season: z.string().regex(SEASON_PATTERN),
  /** The season being played now (UTC): a past season's page links back to it. */
  current_season: z.string().regex(SEASON_PATTERN),
  claim_xp: z.number().int().nonnegative(),
  entries: z.array(z.object({ rank: z.number().int().positive(), display_name: z.string(), xp: z.number().int().nonnegative() })),
});
export type LeaderboardView = z.infer<typeof leaderboardReply>;
