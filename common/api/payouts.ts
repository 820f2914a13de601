import type { Hex } from "viem";
import { z } from "zod";
import { appField, bigRowId, csrfTokenField, jsonObject } from "./fields.ts";

/**
 * Request and reply shapes of the payout endpoints (wallet verification,
 * transfers), shared by the server's routes, the browser client and the tests.
 * Token amounts travel as decimal strings of whole tokens: exact, never floats.
 */

export const wholeTokens = z.string().regex(/^\d+$/);

export const siweNonceReply = z.object({ nonce: z.string() });

export const verifyWalletFields = {
  message: z
    .string({ error: "The signed message is missing." })
    .min(1, "The signed message is missing.")
    .max(4_000, "The signed message is too long."),
  signature: z
    .string({ error: "The signature is missing." })
    .regex(/^0x[0-9a-fA-F]+$/, "The signature is not valid.")
    .max(20_000, "The signature is not valid.")
    .pipe(z.custom<Hex>()),
};

export function verifyWalletBody(slug: string) {
  return jsonObject({ ...verifyWalletFields, app: appField(slug), csrfToken: csrfTokenField });
}

export const verifyWalletReply = z.object({ address: z.string(), verified_at: z.string() });

/** What a member sees of a payout's status. */
export const PAYOUT_STATUS_LABELS = {
  in_review: "being reviewed",
  requested: "requested",
  batched: "in a batch",
  sent: "sent",
  confirmed: "confirmed",
  cancelled: "cancelled",
  returned: "returned",
  rejected: "not approved",
} as const;
export type PayoutStatusName = keyof typeof PAYOUT_STATUS_LABELS;

export const payoutStatus = z.enum(Object.keys(PAYOUT_STATUS_LABELS) as [PayoutStatusName, ...PayoutStatusName[]]);

export const payoutReply = z.object({
  id: z.number().int(),
  amount: wholeTokens,
  address: z.string(),
  status: payoutStatus,
  requested_at: z.string(),
  tx_hash: z.string().nullable(),
  /** Set when the status is `returned`, `rejected` or `cancelled`. */
  reason: z.string().nullable(),
  /** For a payout that went to review: whether the member has sent their one message about it. */
  review: z.object({ appealed: z.boolean() }).nullable(),
});
export type PayoutView = z.infer<typeof payoutReply>;

export const payoutsReply = z.object({
  payouts: z.array(payoutReply),
  /** Whole tokens held by requests not yet paid (requested, in a batch, sent but unconfirmed). */
  on_its_way: wholeTokens,
  minimum: wholeTokens,
  verified_address: z.string().nullable(),
  verified_at: z.string().nullable(),
});
export type PayoutsView = z.infer<typeof payoutsReply>;

export const ABOVE_BALANCE = "That is more than your available balance.";

/** The largest balance the database holds (a 64-bit bigint): any amount above it is above every member's balance. */
export const LARGEST_BALANCE = 2n ** 63n - 1n;

export const requestPayoutFields = {
  amount: z
    .string({ error: "Enter how many tokens to transfer." })
    .trim()
    .regex(/^\d{1,30}$/, "Enter a whole number of tokens, without decimals or separators.")
    .refine((amount) => !/^\d+$/.test(amount) || BigInt(amount) <= LARGEST_BALANCE, ABOVE_BALANCE),
};

export function requestPayoutBody(slug: string) {
  return jsonObject({ ...requestPayoutFields, app: appField(slug), csrfToken: csrfTokenField });
}

export function cancelPayoutBody(slug: string) {
  return jsonObject({ app: appField(slug), csrfToken: csrfTokenField });
}

export const PAYOUT_CANCELLED = "Your transfer was cancelled and the tokens are back in your balance.";

export const payoutIdParams = z.object({ id: bigRowId }, { error: "Unknown transfer." });

export const APPEAL_SENT = "Thank you. Your message is with the person reviewing your transfer; we answer by email.";
export const APPEAL_MAX_LENGTH = 2_000;

export const appealFields = {
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(1, "Please write your message.")
    .max(APPEAL_MAX_LENGTH, `Please keep your message under ${APPEAL_MAX_LENGTH.toLocaleString("en-US")} characters.`),
};

export function appealBody(slug: string) {
  return jsonObject({ ...appealFields, app: appField(slug), csrfToken: csrfTokenField });
}
