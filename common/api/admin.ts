import { z } from "zod";
import { type RefusalWords, wordsOf } from "../refusal-words.ts";
import { bigRowId, FORM_EXPIRED, jsonObject, requiredText, rowId, text } from "./fields.ts";
import { PAYOUT_STATUS_LABELS, wholeTokens } from "./payouts.ts";

/**
 * Request and reply shapes of the operator console's API (/api/admin/*).
 * Every call carries the CSRF token of the "console" page in the
 * `x-csrf-token` header; money moves also take a fresh code from the app.
 */

export const CSRF_HEADER = "x-csrf-token";

export const ADMIN_REFUSALS = {
  notStaff: "This part of the site is for the team that runs the program.",
  secondFactor: "Enter the code from your authenticator app to open the console.",
  adminOnly: "Only an admin can do this.",
  badCode: "That code is not right, or it was used already. Wait for the next one and try again.",
  formExpired: FORM_EXPIRED,
  notEnrolled: "Set up two-factor sign-in first.",
  alreadyEnrolled: "Two-factor sign-in is already set up for this account.",
} as const;

/** A console action on a batch, a hot-wallet transaction, an alert, a member or a message that the services refused, and why. */
export type ConsoleRefusal =
  | { refusal: "unknown_transfer" | "unknown_batch" | "unknown_alert" | "unknown_member" | "unknown_message" }
  | { refusal: "session_ended" | "email_already_confirmed" | "no_reply_address" }
  | { refusal: "nothing_owed"; batchId: number }
  | { refusal: "no_waiting_transaction" | "settled_meanwhile"; payoutId: number }
  | { refusal: "nonce_not_settled"; nonce: number; sender: string; confirmations: number; hash: string }
  | { refusal: "already_mined"; hash: string; blockNumber: bigint }
  | { refusal: "alert_handled"; alertId: number }
  | SpecialDayRefusal
  | { refusal: "day_not_set" }
  | AdjustmentRefusal;

/** Why an operator's credit or debit was not posted: the amount, the missing reason, or a balance it would take out of range. */
export type AdjustmentRefusal =
  | { refusal: "amount_not_positive" | "adjustment_without_reason" | "beyond_the_ledger" }
  | { refusal: "adjustment_not_applied"; direction: "credit" | "debit" };

const BEYOND_THE_LEDGER = "The credit would take the balance beyond what the ledger can hold.";

/** Why the calendar refused a day, from the console or the shell. */
export type SpecialDayRefusal = { refusal: "not_a_date"; day: string } | { refusal: "multiplier_out_of_range" };

const CONSOLE_REFUSAL_TEXTS: RefusalWords<ConsoleRefusal> = {
  unknown_transfer: () => "That transfer does not exist.",
  unknown_batch: () => "That batch does not exist.",
  unknown_alert: () => "That alert does not exist.",
  unknown_member: () => "No member has that number.",
  unknown_message: () => "That message does not exist.",
  session_ended: () => "That session has already ended.",
  email_already_confirmed: () => "This member's email address is already confirmed.",
  no_reply_address: () => "This report left no address to answer.",
  nothing_owed: ({ batchId }) => nothingOwedMessage(batchId),
  no_waiting_transaction: ({ payoutId }) => `Transfer ${payoutId} has no hot-wallet transaction waiting to be mined.`,
  settled_meanwhile: ({ payoutId }) => `Transfer ${payoutId} was signed or settled meanwhile; look again.`,
  nonce_not_settled: ({ nonce, sender, confirmations, hash }) =>
    `Nonce ${nonce} of ${sender} is not used with ${confirmations} confirmations yet, so transaction ${hash} may still be mined. Send the batch again to rebroadcast it.`,
  already_mined: ({ hash, blockNumber }) => `Transaction ${hash} is in block ${blockNumber}: it paid, so reconcile instead.`,
  alert_handled: ({ alertId }) => `Alert ${alertId} was already marked handled.`,
  not_a_date: ({ day }) => `"${day}" is not a date written YYYY-MM-DD.`,
  multiplier_out_of_range: () => "The multiplier must be 1, 2 or 3.",
  day_not_set: () => "That day is not in the calendar.",
  amount_not_positive: () => "The amount must be a whole number of tokens above zero.",
  adjustment_without_reason: () => "A reason is required.",
  beyond_the_ledger: () => BEYOND_THE_LEDGER,
  adjustment_not_applied: ({ direction }) =>
    direction === "debit"
      ? "The balance is lower than the debit, or the user does not exist or was deleted."
      : `The user does not exist or was deleted, or ${BEYOND_THE_LEDGER.toLowerCase()}`,
};

export function consoleRefusalText(refused: ConsoleRefusal): string {
  return wordsOf(CONSOLE_REFUSAL_TEXTS, refused);
}

/** What the console says once a staff action on a member, a message, an alert or a review is done. */
export const CONSOLE_DONE = {
  frozen: "The account is on hold: no claim, transfer request or batch until you unfreeze it.",
  unfrozen: "The account is off hold: claims and transfers work again.",
  sessionRevoked: "That session is signed out.",
  verificationResent: (email: string) => `A new confirmation link is on its way to ${email}.`,
  replySent: "Your reply is on its way by email.",
  messageState: (state: ContactMessageState) => `The message is now ${state}.`,
  alertResolved: (alertId: number) => `Alert ${alertId} is marked handled.`,
  approved: "Approved: the transfer goes in the next batch.",
  rejected: "Rejected: the tokens are back on the member's balance.",
} as const;

/** Why there is no Safe file for a batch, in the operator's words. */
export function nothingOwedMessage(batchId: number): string {
  return `Batch ${batchId} has nothing left to pay: each of its payouts was returned, sent or confirmed, or has a hot-wallet transaction. A Safe file for it would pay them again.`;
}

/** What the operator is told once a hot-wallet transaction is void. */
export function voidedMessage({ payoutId, nonce, hash }: { payoutId: number; nonce: number; hash: string }): string {
  return `Transaction ${hash} (nonce ${nonce}) of transfer ${payoutId} is void. The next send of its batch signs the transfer again.`;
}

export const SAFE_FILE_WITH_HOT_WALLET =
  "A hot wallet is configured, so batches are paid with Send: the console offers the Safe file only without one.";

/** The refusal once five wrong codes have locked the second factor. */
export function codesLockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many wrong codes. Codes are refused for ${minutes} minute${minutes === 1 ? "" : "s"}; the team has been told.`;
}

export const staffRole = z.enum(["support", "admin"]);

export const consoleStateReply = z.object({
  email: z.string(),
  role: staffRole,
  enrolled: z.boolean(),
  console_open: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type ConsoleState = z.infer<typeof consoleStateReply>;

export const enrolmentReply = z.object({ secret: z.string(), otpauth_uri: z.string(), qr_svg: z.string() });

const sixDigits = z
  .string({ error: "Enter the six-digit code." })
  .trim()
  .regex(/^\d{6}$/, "Enter the six-digit code from your app.");

export const confirmEnrolmentBody = jsonObject({ code: sixDigits });
export const recoveryCodesReply = z.object({ recovery_codes: z.array(z.string()) });

/** The console opens with the app's code, or once with a recovery code. */
export const openWithCodeBody = jsonObject({ code: sixDigits });
export const openWithRecoveryCodeBody = jsonObject({
  recovery_code: z.string().trim().min(1, "Enter a recovery code.").max(32, "That is not a recovery code."),
});

export const openConsoleBody = z.union([openWithCodeBody, openWithRecoveryCodeBody], {
  error: "Enter the six-digit code from your app, or a recovery code.",
});

/** Why an operator made a change: required, kept in the audit log. */
export const reasonField = requiredText("Type the reason for this change.", 500);

export const adjustBalanceBody = jsonObject({
  direction: z.enum(["credit", "debit"], { error: "Choose credit or debit." }),
  tokens: wholeTokens,
  reason: reasonField,
  code: sixDigits,
});

export const memberIdParams = z.object({ id: rowId });
export const membersQuery = z.object({ q: text("Type what to search for.", 200).optional().default("") });

export const memberSummary = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  referral_code: z.string(),
  wallet_address: z.string().nullable(),
  balance: z.string(),
  created_at: z.string(),
});
export const membersReply = z.object({ members: z.array(memberSummary) });

export const ledgerLine = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  amount: z.string(),
  reason: z.string().nullable(),
  balance_after: z.string(),
});
export const memberReply = z.object({
  member: memberSummary.extend({ wallet_verified_at: z.string().nullable(), claim_count: z.number().int(), role: z.string() }),
  ledger: z.array(ledgerLine),
});
export const balanceReply = z.object({ balance: z.string() });

export const adminPayout = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  amount: z.string(),
  address: z.string(),
  status: z.string(),
  batch_id: z.number().int().nullable(),
  tx_hash: z.string().nullable(),
  requested_at: z.string(),
  reason: z.string().nullable(),
});
export const adminPayoutsQuery = z.object({
  status: z.enum(Object.keys(PAYOUT_STATUS_LABELS) as [keyof typeof PAYOUT_STATUS_LABELS], { error: "Unknown status." }).optional(),
});
export const adminPayoutsReply = z.object({
  payouts: z.array(adminPayout),
  alerts: z.array(z.object({ id: z.number().int(), kind: z.string(), subject: z.string(), details: z.string(), created_at: z.string() })),
  /** Batches with a payout still to pay through the Safe, newest first: the ones with a Safe file. */
  batches_owing: z.array(z.number().int()),
  /** A hot wallet can send (PAYOUT_SENDER_KEY or a keystore is set). */
  hot_wallet: z.boolean(),
  fee_cap_gwei: z.number(),
  /** Reconciliation can run (a node and the treasury are set). */
  chain: z.boolean(),
});

export const makeBatchBody = jsonObject({
  max_count: z.number().int().min(1).max(500).optional(),
  max_total: wholeTokens.optional(),
  reason: reasonField,
  code: sixDigits,
});
export const batchReply = z.object({
  batch_id: z.number().int().nullable(),
  count: z.number().int(),
  total: z.string(),
  /** Requested payouts larger on their own than the batch's total: no batch ever takes them. */
  too_large: z.array(z.object({ id: z.number().int(), amount: z.string() })),
});
/** `count` and `total`: what the batch still pays; `paid` and `returned`: its payouts already sent or confirmed, and given back. */
export const batchSummaryReply = z.object({
  batch_id: z.number().int(),
  count: z.number().int(),
  total: z.string(),
  paid: z.number().int(),
  returned: z.number().int(),
  fee_cap_gwei: z.number(),
});
export const batchIdParams = z.object({ id: rowId });
export const alertIdParams = z.object({ id: rowId });
export const payoutIdParams = z.object({ id: bigRowId });
export const moneyMoveBody = jsonObject({ reason: reasonField, code: sixDigits });
/** A return may name the Safe nonce of the batch's Safe transaction, once it was rejected or replaced. */
export const returnPayoutBody = jsonObject({
  reason: reasonField,
  code: sixDigits,
  safe_nonce: z
    .string()
    .regex(/^\d{1,18}$/, "The Safe nonce is a whole number, as Safe{Wallet} shows it.")
    .optional(),
});
export const reasonBody = jsonObject({ reason: reasonField });
export const reconcileReply = z.object({
  matched: z.number().int(),
  confirmed: z.number().int(),
  reverted: z.number().int(),
  alerts: z.number().int(),
  /** Why the run changed nothing (another run saved a newer reading, or the node is behind); null when it ran. */
  skipped: z.string().nullable(),
});
export const sendReply = z.object({
  signed: z.number().int(),
  rebroadcast: z.number().int(),
  already_paid: z.number().int(),
  returned: z.number().int(),
  /** Transfers whose transaction can never be mined (another used its nonce): void them, then send again. */
  stuck: z.array(z.number().int()),
});

export const auditQuery = z.object({
  action: z.string().max(60).optional(),
  actor: z.string().max(320).optional(),
  subject: z.string().max(60).optional(),
  from: z.iso.date({ error: "Use a date like 2026-01-31." }).optional(),
  to: z.iso.date({ error: "Use a date like 2026-01-31." }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuery>;
export const auditReply = z.object({
  entries: z.array(
    z.object({
      id: z.number().int(),
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      subject: z.string(),
      reason: z.string(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
});

const dailyCount = z.object({ day: z.string(), count: z.number().int() });
const serviceHealth = z.enum(["ok", "down", "configured", "not configured"]);

export const overviewReply = z.object({
  members: z.object({ total: z.number().int(), verified_wallets: z.number().int(), new_per_day: z.array(dailyCount) }),
  claims_per_day: z.array(dailyCount),
  credited_per_day: z.array(z.object({ day: z.string(), kind: z.string(), tokens: z.string() })),
  outstanding_balances: z.string(),
  payouts_by_status: z.array(z.object({ status: z.string(), count: z.number().int(), tokens: z.string() })),
  open_alerts: z.number().int(),
  price: z.object({ usd: z.string(), age_seconds: z.number() }).nullable(),
  /** The chain index's last block and how old it is; null before its first run (or without a node). */
  chain_index: z.object({ last_block: z.string(), block_time: z.string(), age_seconds: z.number() }).nullable(),
  health: z.object({ database: serviceHealth, redis: serviceHealth, email: serviceHealth }),
});

export const reviewCase = z.object({
  payout_id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  amount: z.string(),
  address: z.string(),
  status: z.string(),
  signals: z.array(z.object({ kind: z.string(), details: z.string() })),
  opened_at: z.string(),
  appeal: z.string().nullable(),
  decision: z.enum(["approved", "rejected"]).nullable(),
  reason: z.string().nullable(),
});
export const reviewsQuery = z.object({ open: z.enum(["1", "0"], { error: "Use open=1 or open=0." }).optional().default("1") });
export const reviewsReply = z.object({ reviews: z.array(reviewCase) });
export const reviewDecisionParams = z.object({
  id: bigRowId,
  decision: z.enum(["approve", "reject"], { error: "Approve or reject." }),
});
/** The reason goes to the member with the decision. */
export const reviewDecisionBody = jsonObject({ reason: requiredText("Type the reason: the member sees it.", 500) });

export const specialDay = z.object({ day: z.string(), multiplier: z.number().int(), note: z.string().nullable() });
export const specialDaysReply = z.object({ days: z.array(specialDay) });
export const setSpecialDayBody = jsonObject({
  day: z.iso.date({ error: "Use a date like 2026-01-31." }),
  multiplier: z.coerce.number({ error: "Choose a multiplier." }).int().min(1, "Choose 1, 2 or 3.").max(3, "Choose 1, 2 or 3."),
  note: text("Keep the note under 200 characters.", 200).optional(),
  reason: reasonField,
});
export const specialDayParams = z.object({ day: z.iso.date({ error: "Use a date like 2026-01-31." }) });

/** A number an operator types into a console form to name what an action is about (a transfer, a batch). */
const typedNumber = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,15}$/, message);

/** Console forms whose first field names, in the path, what the action is about; the rest is the action's body. */
export const transferMoveForm = z.object({
  payout: typedNumber("Type the transfer's number."),
  reason: reasonField,
  safe_nonce: z
    .string()
    .trim()
    .regex(/^(\d{1,18})?$/, "The Safe nonce is a whole number, as Safe{Wallet} shows it."),
  code: sixDigits,
});
export const sendBatchForm = z.object({ batch: typedNumber("Type the batch's number."), reason: reasonField, code: sixDigits });
export const removeSpecialDayForm = z.object({ day: specialDayParams.shape.day, reason: reasonField });

export const CONTACT_MESSAGE_STATES = ["new", "answered", "closed"] as const;
export type ContactMessageState = (typeof CONTACT_MESSAGE_STATES)[number];

export const contactMessageView = z.object({
  id: z.number().int(),
  at: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  state: z.enum(CONTACT_MESSAGE_STATES),
  replies: z.array(z.object({ at: z.string(), body: z.string() })),
  /** A "Something looks different?" report: the guide, and the step when the reader named one. */
  guide: z.object({ path: z.string(), step: z.number().int().nullable() }).nullable(),
});
export const messageIdParams = z.object({ id: rowId });
export const messagesQuery = z.object({
  state: z.enum(CONTACT_MESSAGE_STATES, { error: "Use new, answered or closed." }).optional(),
  kind: z.enum(["message", "guide-report"], { error: "Use message or guide-report." }).optional(),
});
export const replyBody = jsonObject({
  reply: requiredText("Write the reply.", 5000).refine((value) => value.length >= 2, "Write the reply."),
});
export const messageStateBody = jsonObject({
  state: z.enum(CONTACT_MESSAGE_STATES, { error: "Use new, answered or closed." }),
  reason: reasonField,
});
export const messagesReply = z.object({ messages: z.array(contactMessageView) });

export const memberActivityReply = z.object({
  email_verified_at: z.string().nullable(),
  frozen_at: z.string().nullable(),
  sessions: z.array(z.object({ id: z.string(), device: z.string(), network: z.string().nullable(), last_used_at: z.string() })),
  referrals: z.array(z.object({ id: z.number().int(), email: z.string(), created_at: z.string() })),
  signals: z.array(z.object({ kind: z.string(), details: z.string(), created_at: z.string() })),
  payouts: z.array(z.object({ id: z.number().int(), amount: z.string(), status: z.string(), requested_at: z.string() })),
  messages: z.array(z.object({ id: z.number().int(), at: z.string(), subject: z.string(), message: z.string() })),
});
export const memberFreezeParams = z.object({
  id: rowId,
  change: z.enum(["freeze", "unfreeze"], { error: "Freeze or unfreeze." }),
});
export const memberSessionParams = z.object({
  id: rowId,
  session: z.string().regex(/^[0-9a-f]{16}$/, "That is not a session of this member."),
});
export const revokeSessionForm = z.object({ session: memberSessionParams.shape.session, reason: reasonField });
