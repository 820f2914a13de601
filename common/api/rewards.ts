import { z } from "zod";
import { appField, csrfTokenField, errorReply, jsonObject, tokenAmount } from "./fields.ts";

/** The signed-in area: the dashboard, the daily claim and the wallet address. */

export const LEDGER_KINDS = [
  "daily_reward",
  "referral_bonus",
  "admin_credit",
  "admin_debit",
  "payout_hold",
  "payout_release",
  "streak_bonus",
  "quest_reward",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const CLAIMED = "You have successfully claimed your daily reward.";
export const ADDRESS_UPDATED = "You have successfully updated your wallet address.";
export const STALE_ADDRESS = "Your wallet address was changed in another window. Reload the page to see the current one, then try again.";

const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A streak counts UTC days: they change at 00:00 UTC, whatever the member's time zone. */
export const streakReply = z.object({
  days: z.number().int().nonnegative(),
  claimed_today: z.boolean(),
  /** A freeze, earned by each 7 days of a streak, waits to cover one missed day. */
  freeze_held: z.boolean(),
  /** The streak ends at this UTC midnight unless the member claims before it; null without a streak. */
  ends_at: z.string().nullable(),
  /** The streak ends at the coming midnight (UTC) unless the member claims today. */
  at_risk: z.boolean(),
  /** The last seven UTC days, oldest first; today is "open" until claimed. */
  week: z.array(z.object({ date: utcDate, state: z.enum(["claimed", "frozen", "missed", "open"]) })).length(7),
  next_milestone: z.object({ days: z.number().int().positive(), bonus: tokenAmount }).nullable(),
});
export type StreakData = z.infer<typeof streakReply>;

export const dashboardReply = z.object({
  time_remaining: z.string().regex(/^\d{2,}:\d{2}:\d{2}$/),
  balance: tokenAmount,
  address: z.string(),
  referral_code: z.string(),
  first_name: z.string(),
  today_reward: tokenAmount,
  referral_count: z.number().int(),
  referral_bonus_total: tokenAmount,
  /** Bonuses that wait until the referred member verifies their email. */
  referral_bonus_pending: tokenAmount,
  email_verified: z.boolean(),
  recent_activity: z.array(z.object({ kind: z.enum(LEDGER_KINDS), amount: tokenAmount, created_at: z.string() })),
  /** Added beside the seed's fields: consecutive UTC days with a claim. */
  streak: streakReply,
});
export type DashboardData = z.infer<typeof dashboardReply>;

export const claimReply = z.object({ suc_msg: z.string(), amount: tokenAmount });
export const claimRefusal = errorReply.extend({ time_remaining: z.string() });

/** The wallet form: required; the format is checked by the server. */
export const walletFields = z.object({
  address: z
    .string({ error: "Please enter your wallet address." })
    .trim()
    .min(1, "Please enter your wallet address.")
    .max(200, "That is not an Ethereum address."),
});

/** Why an address cannot receive tokens: missing, not hex, a wrong checksum, the zero address, or the token's own contract. */
export type WalletAddressRefusal =
  | { refusal: "address_missing" | "not_an_address" | "checksum_mismatch" | "zero_address" }
  | { refusal: "token_contract"; symbol: string };

const WALLET_ADDRESS_REFUSAL_TEXTS = {
  address_missing: "Please enter your wallet address.",
  not_an_address: "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f).",
  checksum_mismatch: "The capital letters of that address do not match its checksum. Copy it again from your wallet.",
  zero_address: "That is the zero address: tokens sent there are lost forever. Enter your own wallet's address.",
} as const;

export function walletAddressRefusalText(refused: WalletAddressRefusal): string {
  if (refused.refusal === "token_contract")
    return `That is the ${refused.symbol} contract's address, not a wallet: tokens sent to it are lost for good. Enter your own wallet's address.`;
  return WALLET_ADDRESS_REFUSAL_TEXTS[refused.refusal];
}

export function walletBody(slug: string) {
  return jsonObject({
    ...walletFields.shape,
    app: appField(slug),
    csrfToken: csrfTokenField,
    old_address: z.string({ error: STALE_ADDRESS }).max(200, STALE_ADDRESS),
  });
}
export type WalletBody = z.input<ReturnType<typeof walletBody>>;

export const walletReply = z.object({ suc_msg: z.string(), address: z.string() });

/** What a member whose account an operator froze is told when claiming or asking for a transfer. */
export const ACCOUNT_FROZEN =
  "Your account is on hold while our team looks into it: claims and transfers are paused. Write to us through the contact form if you have a question.";
