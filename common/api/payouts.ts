import type { Address, Hex } from "viem";
import { z } from "zod";
import { type RefusalWords, wordsOf } from "../refusal-words.ts";
import { appField, bigRowId, csrfTokenField, jsonObject } from "./fields.ts";
import { ACCOUNT_FROZEN, type WalletAddressRefusal, walletAddressRefusalText } from "./rewards.ts";

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

/** Why a signed Sign-In with Ethereum message did not prove a wallet: its form, its site, network and times, its nonce, its signature, or a wallet another account proved. */
export type SiweRefusal =
  | { refusal: "siwe_malformed" | "other_site" | "signing_expired" | "nonce_spent" | "signature_mismatch" | "wallet_taken" }
  | { refusal: "other_chain"; symbol: string; chainName: string };

export const SIWE_REFUSALS = {
  siwe_malformed: "The signed message is not a Sign-In with Ethereum message. Click “Verify with my wallet” again.",
  other_site: "This message was made for another website. Only sign messages that name this site.",
  signing_expired: "This signing request has expired. Click “Verify with my wallet” again.",
  nonce_spent: "This signing request has expired or was already used. Click “Verify with my wallet” again.",
  signature_mismatch: "The signature does not match the message. Sign with the wallet whose address the message shows.",
  wallet_taken: "This wallet is already verified on another account. A wallet can receive payouts for one account only.",
} as const;

/** The words for a wallet verification refused, by the message or by the address it names. */
export function verifyWalletRefusalText(refused: SiweRefusal | WalletAddressRefusal): string {
  switch (refused.refusal) {
    case "other_chain":
      return `This message is for another network. ${refused.symbol} lives on ${refused.chainName}; switch your wallet to it and try again.`;
    case "siwe_malformed":
    case "other_site":
    case "signing_expired":
    case "nonce_spent":
    case "signature_mismatch":
    case "wallet_taken":
      return SIWE_REFUSALS[refused.refusal];
    default:
      return walletAddressRefusalText(refused);
  }
}

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
export const PAYOUT_REFUSALS = {
  notVerified: "Verify your wallet first: payouts go only to an address you proved is yours.",
  emailNotVerified: "Confirm your email address first: open the link we sent you, or ask for a new one on your dashboard.",
  belowMinimum: (minimum: bigint) => `The smallest transfer is ${minimum.toLocaleString("en-US")} tokens.`,
  aboveBalance: ABOVE_BALANCE,
  tooNew: (opensAt: Date) =>
    `Transfers open once your account is a little older, on ${opensAt.toISOString().slice(0, 10)} (UTC). Keep claiming until then: nothing is lost.`,
  open: "You already have a transfer waiting. Cancel it or wait until it is in a batch before asking for another.",
  notCancellable: "This transfer can no longer be cancelled: it is already being paid.",
  notReturnable: "Only a requested or batched payout without a signed transaction can be returned.",
  notInReview: "This payout is not waiting for a review.",
  reasonRequired: "A reason is required.",
  accountFrozen: ACCOUNT_FROZEN,
  accountDeleted: "This account has been deleted.",
} as const;

/** Why a batch whose Safe file was downloaded cannot give a payout back yet, in the operator's words. */
export const SAFE_PROOF_REFUSALS = {
  nonceNeeded: (batchId: number) =>
    `Batch ${batchId}'s Safe file was downloaded, so a Safe transaction may still pay this transfer. Reject or replace that transaction in Safe{Wallet}, then give its Safe nonce once the chain has it.`,
  noNode:
    "Set PAYOUT_RPC_URL and PAYOUT_TREASURY_ADDRESS: returning a transfer from a batch whose Safe file was downloaded needs the chain.",
  nonceBeforeFile: (nonce: bigint, batchId: number, nonceAtFile: bigint) =>
    `Safe nonce ${nonce} was used before batch ${batchId}'s Safe file was downloaded (the Safe was at nonce ${nonceAtFile} then), so no transaction made from the file can have it. Give the nonce Safe{Wallet} shows for that transaction.`,
  nonceUnused: (nonce: bigint, treasury: Address, confirmations: number) =>
    `Safe nonce ${nonce} of ${treasury} is not used with ${confirmations} confirmations yet, so the batch's Safe transaction may still execute. Reject or replace it in Safe{Wallet} first.`,
} as const;

/** A payout request, cancel or return the services refused, and why: the words are chosen here, the status by the route. */
export type PayoutRefusal =
  | { refusal: "not_verified" | "email_not_verified" | "above_balance" | "open_request" | "account_frozen" | "account_deleted" }
  | { refusal: "not_cancellable" | "not_returnable" | "not_in_review" | "reason_required" }
  | { refusal: "below_minimum"; minimum: bigint }
  | { refusal: "too_new"; opensAt: Date }
  | { refusal: "safe_nonce_needed"; batchId: number }
  | { refusal: "no_node" }
  | { refusal: "safe_nonce_before_file"; nonce: bigint; batchId: number; nonceAtFile: bigint }
  | { refusal: "safe_nonce_unused"; nonce: bigint; treasury: Address; confirmations: number }
  | { refusal: "chain_unread"; skipped: ReconcileSkip }
  | { refusal: "safe_nonce_unread"; treasury: Address; cause: string };

/** Why a reconciliation changed nothing: its reading of the chain was stale (another run saved a newer one, or the node is behind). */
export type ReconcileSkip = { skip: "overtaken" } | { skip: "node_behind"; head: string; cursor: string };

export function reconcileSkippedText(skipped: ReconcileSkip): string {
  return skipped.skip === "overtaken"
    ? "Another reconciliation saved a newer reading of the chain while this one was reading; this run changed nothing."
    : `The node reports block ${skipped.head}, behind block ${skipped.cursor} already read (a node lagging behind the others?); this run changed nothing.`;
}

/** The words of each refusal, by its code: a table, so a new refusal without words does not type-check. */
const PAYOUT_REFUSAL_TEXTS: RefusalWords<PayoutRefusal> = {
  not_verified: () => PAYOUT_REFUSALS.notVerified,
  email_not_verified: () => PAYOUT_REFUSALS.emailNotVerified,
  above_balance: () => PAYOUT_REFUSALS.aboveBalance,
  open_request: () => PAYOUT_REFUSALS.open,
  account_frozen: () => PAYOUT_REFUSALS.accountFrozen,
  account_deleted: () => PAYOUT_REFUSALS.accountDeleted,
  not_cancellable: () => PAYOUT_REFUSALS.notCancellable,
  not_returnable: () => PAYOUT_REFUSALS.notReturnable,
  not_in_review: () => PAYOUT_REFUSALS.notInReview,
  reason_required: () => PAYOUT_REFUSALS.reasonRequired,
  below_minimum: ({ minimum }) => PAYOUT_REFUSALS.belowMinimum(minimum),
  too_new: ({ opensAt }) => PAYOUT_REFUSALS.tooNew(opensAt),
  safe_nonce_needed: ({ batchId }) => SAFE_PROOF_REFUSALS.nonceNeeded(batchId),
  no_node: () => SAFE_PROOF_REFUSALS.noNode,
  safe_nonce_before_file: ({ nonce, batchId, nonceAtFile }) => SAFE_PROOF_REFUSALS.nonceBeforeFile(nonce, batchId, nonceAtFile),
  safe_nonce_unused: ({ nonce, treasury, confirmations }) => SAFE_PROOF_REFUSALS.nonceUnused(nonce, treasury, confirmations),
  chain_unread: ({ skipped }) => `${reconcileSkippedText(skipped)} Try again.`,
  safe_nonce_unread: ({ treasury, cause }) => `Could not read the Safe nonce of ${treasury}: ${cause}`,
};

export function payoutRefusalText(refused: PayoutRefusal): string {
  return wordsOf(PAYOUT_REFUSAL_TEXTS, refused);
}

/** A review decision (staff) or an appeal (the member) the services refused: the words here, the status by the route. */
export type ReviewRefusal = { refusal: "reason_required" | "not_in_review" | "no_review" | "already_appealed" | "review_closed" };

const REVIEW_REFUSAL_TEXTS: Record<ReviewRefusal["refusal"], string> = {
  reason_required: "A reason is required: the member sees it.",
  not_in_review: "This payout is not waiting for a review.",
  no_review: "This transfer has no review to answer.",
  already_appealed: "You have already sent your message about this transfer. We will answer by email.",
  review_closed: "This review is closed, so it can no longer take a message.",
};

export function reviewRefusalText({ refusal }: ReviewRefusal): string {
  return REVIEW_REFUSAL_TEXTS[refusal];
}

export const LARGEST_BALANCE = 2n ** 63n - 1n;

export const requestPayoutFields = z.object({
  amount: z
    .string({ error: "Enter how many tokens to transfer." })
    .trim()
    .regex(/^\d{1,30}$/, "Enter a whole number of tokens, without decimals or separators.")
    .refine((amount) => !/^\d+$/.test(amount) || BigInt(amount) <= LARGEST_BALANCE, ABOVE_BALANCE),
});

export function requestPayoutBody(slug: string) {
  return jsonObject({ ...requestPayoutFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}

export function cancelPayoutBody(slug: string) {
  return jsonObject({ app: appField(slug), csrfToken: csrfTokenField });
}

export const PAYOUT_CANCELLED = "Your transfer was cancelled and the tokens are back in your balance.";

export const payoutIdParams = z.object({ id: bigRowId }, { error: "Unknown transfer." });

export const APPEAL_SENT = "Thank you. Your message is with the person reviewing your transfer; we answer by email.";
export const APPEAL_MAX_LENGTH = 2_000;

export const appealFields = z.object({
  message: z
    .string({ error: "Please write your message." })
    .trim()
    .min(1, "Please write your message.")
    .max(APPEAL_MAX_LENGTH, `Please keep your message under ${APPEAL_MAX_LENGTH.toLocaleString("en-US")} characters.`),
});

export function appealBody(slug: string) {
  return jsonObject({ ...appealFields.shape, app: appField(slug), csrfToken: csrfTokenField });
}
