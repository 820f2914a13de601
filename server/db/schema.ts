import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CONTACT_MESSAGE_STATES } from "../../common/api/admin.ts";
import { QUEST_KINDS, QUEST_PERIODS, QUEST_STATUSES } from "../../common/api/admin-quests.ts";
import { QUEST_OUTCOMES } from "../../common/api/quests.ts";
import { LEDGER_KINDS } from "../../common/api/rewards.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Secrets the server generates once and every instance shares (outside production, where they come from the environment). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased at registration: one account per address whatever its case. */
    email: text("email").notNull(),
    /**
     * The address with what providers ignore taken away (case, +tags, Gmail's dots):
     * one person, one account. Null only for accounts older than the rule whose
     * form collided with an older account's; those are flagged, never deleted.
     */
    emailCanonical: text("email_canonical"),
    /** The /24 (IPv4) or /48 (IPv6) the account signed up from: a household shares it, so it flags, never blocks. */
    signupNetwork: text("signup_network"),
    /** When the member followed the link sent to `email`; null until then, and again after an email change is asked. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Set when the member deleted the account: personal data is gone, the ledger rows stay with this anonymous id. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Set by an operator from the console: claims, transfer requests and batching pause until it is cleared. */
    frozenAt: timestamp("frozen_at", { withTimezone: true }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    referralCode: text("referral_code").notNull(),
    referredBy: integer("referred_by").references((): AnyPgColumn => users.id),
    /** EIP-55 checksummed; null until the user sets one. */
    walletAddress: text("wallet_address"),
    /** When the user proved the address is theirs by signing a Sign-In with Ethereum message; cleared when the address changes. */
    walletVerifiedAt: timestamp("wallet_verified_at", { withTimezone: true }),
    lastClaimAt: timestamp("last_claim_at", { withTimezone: true }),
    /** The name the member chose to appear on the leaderboard; null keeps them off it. */
    displayName: text("display_name"),
    /**
     * When the member first passed a quiz. Set on the member's row so that a claim racing the pass waits for it:
     * with REWARD_REFERRAL_AFTER_FIRST_QUIZ, the referrer's bonus is paid from the pass on.
     */
    firstQuizPassedAt: timestamp("first_quiz_passed_at", { withTimezone: true }),
    /** The member asked on the account page for an email when their streak is at risk; off by default, off again by the email's unsubscribe link. */
    streakReminder: boolean("streak_reminder").notNull().default(false),
    /** Numbers the user's reward windows: the nth claim is window n, creditable once. */
    claimCount: integer("claim_count").notNull().default(0),
    /** How many claims in a row came within seconds of becoming due: the scripted-rhythm signal's count, kept by each claim. */
    punctualClaims: integer("punctual_claims").notNull().default(0),
    /** Whole tokens; always the sum of the user's ledger entries, written in the same statement as each entry. */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_email_canonical_unique").on(table.emailCanonical),
    index("users_signup_network_idx").on(table.signupNetwork, table.createdAt),
    uniqueIndex("users_referral_code_unique").on(table.referralCode),
    /** A verified address belongs to one account only. */
    uniqueIndex("users_verified_wallet_unique").on(table.walletAddress).where(sql`${table.walletVerifiedAt} is not null`),
    check("users_verified_wallet_present", sql`${table.walletVerifiedAt} is null or ${table.walletAddress} is not null`),
    index("users_referred_by_idx").on(table.referredBy),
    uniqueIndex("users_display_name_unique").on(sql`lower(${table.displayName})`),
    check("users_not_self_referred", sql`${table.referredBy} is distinct from ${table.id}`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie's 256-bit random id: a leaked table gives no usable cookie. */
    idHash: text("id_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    remember: boolean("remember").notNull(),
    /** What the member sees in their sessions list: the browser's User-Agent, and the /24 or /48 it signed in from. */
    userAgent: text("user_agent"),
    network: text("network"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_idx").on(table.userId), index("sessions_expires_idx").on(table.expiresAt)],
);

/** Fixed-window counters for throttling (failed logins, registrations, contact messages), shared by every instance. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] }), index("rate_limit_expires_idx").on(table.expiresAt)],
);

export { LEDGER_KINDS, type LedgerKind } from "../../common/api/rewards.ts";

/** Every credit and debit, never edited: a correction is a new entry. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    /** Whole tokens; negative for a debit. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** For a daily reward: which of the user's reward windows it pays. */
    rewardWindow: integer("reward_window"),
    /** For a referral bonus: the referred user's reward entry that earned it. */
    causedBy: bigint("caused_by", { mode: "number" }).references((): AnyPgColumn => ledgerEntries.id),
    /** For an operator's credit or debit, or a payout given back: why. */
    reason: text("reason"),
    /** For a payout's hold (debit) or its release (credit, on cancel or return). */
    payoutId: bigint("payout_id", { mode: "number" }).references((): AnyPgColumn => payouts.id),
    /** For a one-time award: what it pays for, such as `streak:2026-11-21:7` or `quest:quiz:create-wallet:once`; once per member. */
    award: text("award"),
  },
  (table) => [
    index("ledger_user_time_idx").on(table.userId, table.createdAt),
    uniqueIndex("ledger_one_reward_per_window").on(table.userId, table.rewardWindow).where(sql`${table.kind} = 'daily_reward'`),
    uniqueIndex("ledger_one_bonus_per_claim").on(table.causedBy).where(sql`${table.kind} = 'referral_bonus'`),
    uniqueIndex("ledger_one_hold_per_payout").on(table.payoutId).where(sql`${table.kind} = 'payout_hold'`),
    uniqueIndex("ledger_one_release_per_payout").on(table.payoutId).where(sql`${table.kind} = 'payout_release'`),
    uniqueIndex("ledger_one_award_per_member").on(table.userId, table.award).where(sql`${table.award} is not null`),
    check("ledger_amount_not_zero", sql`${table.amount} <> 0`),
    check(
      "ledger_kind_fields",
      sql`(${table.kind} = 'daily_reward' and ${table.rewardWindow} is not null and ${table.amount} > 0)
        or (${table.kind} = 'referral_bonus' and ${table.causedBy} is not null and ${table.amount} > 0)
        or (${table.kind} = 'admin_credit' and ${table.reason} is not null and ${table.amount} > 0)
        or (${table.kind} = 'admin_debit' and ${table.reason} is not null and ${table.amount} < 0)
        or (${table.kind} = 'payout_hold' and ${table.payoutId} is not null and ${table.amount} < 0)
        or (${table.kind} = 'payout_release' and ${table.payoutId} is not null and ${table.reason} is not null and ${table.amount} > 0)
        or (${table.kind} in ('streak_bonus', 'quest_reward') and ${table.award} is not null and ${table.amount} > 0)`,
    ),
  ],
);

export type User = typeof users.$inferSelect;

/** What visitors sent through the contact form; operators read them with `npm run contact:list`. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** When the copy by email was accepted by the SMTP server; null when not configured or not yet sent. */
    forwardedAt: timestamp("forwarded_at", { withTimezone: true }),
    /** Where the team stands with it in the console's inbox. */
    state: text("state", { enum: CONTACT_MESSAGE_STATES }).notNull().default("new"),
    /** Set on a "Something looks different?" report: the guide it is about, and the step when the reader named one. */
    guidePath: text("guide_path"),
    guideStep: integer("guide_step"),
  },
  (table) => [
    index("contact_messages_created_idx").on(table.createdAt),
    index("contact_messages_guide_idx").on(table.guidePath),
    check("contact_messages_state", sql`${table.state} in ('new', 'answered', 'closed')`),
  ],
);

/** The team's answers to contact messages, each sent by email to the writer. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer("message_id")
      .notNull()
      .references(() => contactMessages.id),
    actorId: integer("actor_id").references(() => users.id),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("contact_replies_message_idx").on(table.messageId)],
);

/** Days an operator set with `npm run admin -- special-days add`: they win over the configuration's list. */
export const specialDays = pgTable(
  "special_days",
  {
    day: text("day").primaryKey(),
    multiplier: integer("multiplier").notNull(),
    note: text("note"),
  },
  (table) => [
    check("special_days_multiplier", sql`${table.multiplier} in (1, 2, 3)`),
    check("special_days_day_format", sql`${table.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);

/**
 * The last price any instance read, and who may read the upstream next:
 * instances share one upstream request per interval through this row's lease.
 */
export const priceSnapshots = pgTable("price_snapshots", {
  source: text("source").primaryKey(),
  price: text("price"),
  updatedAt: timestamp("updated_at", { withTimezone: true }),
  leaseHolder: text("lease_holder"),
  leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
});

/** Who runs a periodic job now: one instance holds the lease for an interval, so N instances sweep once, not N times. */
export const jobLeases = pgTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Sign-In with Ethereum nonces: single-use, bound to the session that asked, short-lived. */
export const siweNonces = pgTable(
  "siwe_nonces",
  {
    nonce: text("nonce").primaryKey(),
    sessionIdHash: text("session_id_hash")
      .notNull()
      .references(() => sessions.idHash, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set once, by the statement that accepts the signature. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("siwe_nonces_session_idx").on(table.sessionIdHash), index("siwe_nonces_expires_idx").on(table.expiresAt)],
);

/**
 * A payout's life: requested (held in the ledger, cancellable) → batched
 * (frozen into a batch) → sent (a Transfer log on the chain pays it) →
 * confirmed (enough blocks on top). Cancelled and returned give the hold back
 * with a ledger entry. A flagged member's request starts `in_review`; an
 * operator approves it (→ requested) or rejects it (→ rejected, hold given back).
 */
export const PAYOUT_STATUSES = ["in_review", "requested", "batched", "sent", "confirmed", "cancelled", "returned", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** A member has at most one of these at a time. */
export const OPEN_REQUEST_STATUSES = ["in_review", "requested"] as const satisfies readonly PayoutStatus[];
/** Tokens asked for that have not arrived yet: held out of the member's balance, and keeping the account from deletion. */
export const HELD_PAYOUT_STATUSES = ["in_review", "requested", "batched", "sent"] as const satisfies readonly PayoutStatus[];
/** Paid by a Transfer log on the chain: each of these has its transaction hash. */
export const PAID_PAYOUT_STATUSES = ["sent", "confirmed"] as const satisfies readonly PayoutStatus[];

/**
 * A set of statuses as a literal SQL list, `('in_review', 'requested')`: one text for partial indexes (whose
 * predicate takes no parameters) and for statements, so a status is named in one place.
 */
export function statusList(statuses: readonly PayoutStatus[]): SQL {
  return sql.raw(`(${statuses.map((status) => `'${status}'`).join(", ")})`);
}

export const payoutBatches = pgTable("payout_batches", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  /** When its Safe file first left the server: from then on a signed Safe transaction may pay its payouts. */
  safeFileAt: timestamp("safe_file_at", { withTimezone: true }),
  /**
   * The treasury Safe's nonce at a settled block when the file first left, if the chain could be read: no Safe
   * transaction made from the file can use a lower one. Null for a file handed out without a node.
   */
  safeNonceAtFile: bigint("safe_nonce_at_file", { mode: "bigint" }),
});

export const payouts = pgTable(
  "payouts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Whole tokens; on the chain this is amount × 10^decimals. */
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The verified address at the time of the request, checksummed: later changes do not redirect it. */
    address: text("address").notNull(),
    status: text("status", { enum: PAYOUT_STATUSES }).notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    batchId: integer("batch_id").references(() => payoutBatches.id),
    batchedAt: timestamp("batched_at", { withTimezone: true }),
    /** The hot wallet's signed transaction, stored before it is broadcast; never replaced. */
    senderAddress: text("sender_address"),
    senderNonce: integer("sender_nonce"),
    signedTx: text("signed_tx"),
    signedTxHash: text("signed_tx_hash"),
    /** The Transfer log that paid it (copied from chain_transfers for display). */
    txHash: text("tx_hash"),
    blockNumber: bigint("block_number", { mode: "bigint" }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closeReason: text("close_reason"),
  },
  (table) => [
    index("payouts_user_idx").on(table.userId, table.requestedAt),
    index("payouts_status_idx").on(table.status, table.requestedAt),
    /** One open request per member. */
    uniqueIndex("payouts_one_open_request")
      .on(table.userId)
      .where(sql`${table.status} in ${statusList(OPEN_REQUEST_STATUSES)}`),
    uniqueIndex("payouts_one_signed_tx_per_nonce").on(table.senderAddress, table.senderNonce),
    uniqueIndex("payouts_signed_tx_hash_unique").on(table.signedTxHash),
    check("payouts_amount_positive", sql`${table.amount} > 0`),
    check(
      "payouts_batched_has_batch",
      sql`${table.status} in ('in_review', 'requested', 'cancelled', 'rejected', 'returned') or ${table.batchId} is not null`,
    ),
    check("payouts_paid_has_tx", sql`${table.status} not in ${statusList(PAID_PAYOUT_STATUSES)} or ${table.txHash} is not null`),
    check(
      "payouts_signed_tx_whole",
      sql`(${table.signedTx} is null) = (${table.signedTxHash} is null) and (${table.signedTx} is null) = (${table.senderNonce} is null)`,
    ),
  ],
);

/**
 * Every Transfer log of the token from the treasury that reconciliation saw.
 * One row per log, and each payout at most once: a log pays at most one
 * payout and a payout is paid at most once. A log that pays nothing raises an
 * operator alert.
 */
export const chainTransfers = pgTable(
  "chain_transfers",
  {
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    blockHash: text("block_hash").notNull(),
    toAddress: text("to_address").notNull(),
    /** Base units (tokens × 10^decimals): numeric holds any uint256. */
    value: numeric("value", { precision: 78, scale: 0 }).notNull(),
    payoutId: bigint("payout_id", { mode: "number" }).references(() => payouts.id),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.txHash, table.logIndex] }),
    uniqueIndex("chain_transfers_one_per_payout").on(table.payoutId),
    index("chain_transfers_block_idx").on(table.blockNumber),
  ],
);

/** How far reconciliation has read the chain, per token and treasury. */
export const chainCursors = pgTable("chain_cursors", {
  name: text("name").primaryKey(),
  lastBlock: bigint("last_block", { mode: "bigint" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export const ALERT_KINDS = ["unmatched_transfer", "second_factor_locked"] as const;

/** Things an operator must look at; never raised twice for the same cause. */
export const operatorAlerts = pgTable(
  "operator_alerts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    /** What the alert is about, unique per kind: for a transfer, "txHash:logIndex"; for a locked second factor, "user:id:windowStart". */
    subject: text("subject").notNull(),
    details: text("details").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("operator_alerts_once").on(table.kind, table.subject)],
);

export const RISK_SIGNAL_KINDS = [
  "shared_network_signups",
  "shared_network_claims",
  "wallet_tried_elsewhere",
  "referral_tree_one_network",
  "scripted_claims",
  "canonical_email_collision",
] as const;
export type RiskSignalKind = (typeof RISK_SIGNAL_KINDS)[number];

/** What looked like farming on an account: facts for a person to weigh, never a verdict. Each cause is recorded once. */
export const riskSignals = pgTable(
  "risk_signals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind", { enum: RISK_SIGNAL_KINDS }).notNull(),
    /** What the signal is about (a network, an address, another account), unique per account and kind. */
    subject: text("subject").notNull(),
    details: text("details").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Set when an operator approved a payout with this signal in view: it no longer sends payouts to review. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("risk_signals_once").on(table.userId, table.kind, table.subject)],
);

/** The networks an account claimed from, with the last time: enough to count accounts per network, and no full address kept. */
export const claimNetworks = pgTable(
  "claim_networks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    network: text("network").notNull(),
    lastClaimAt: timestamp("last_claim_at", { withTimezone: true }).notNull(),
    /** When the account got its shared-network signal for this network: only the unmarked are looked for on later claims. */
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.network] }),
    index("claim_networks_network_idx").on(table.network, table.lastClaimAt),
    index("claim_networks_unflagged_idx").on(table.network, table.lastClaimAt).where(sql`${table.flaggedAt} is null`),
  ],
);

/** ALTCHA solutions already accepted: each is good for one registration. Kept until its challenge expires. */
export const usedAltchaChallenges = pgTable(
  "used_altcha_challenges",
  {
    challengeId: text("challenge_id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("used_altcha_expires_idx").on(table.expiresAt)],
);

/**
 * A referrer's bonus for a claim by a member who has not yet verified the
 * email: credited, once, when they do. The reward entry that earned it is the
 * key, like the ledger's own one-bonus-per-claim index.
 */
export const pendingReferralBonuses = pgTable(
  "pending_referral_bonuses",
  {
    rewardEntryId: bigint("reward_entry_id", { mode: "number" })
      .primaryKey()
      .references(() => ledgerEntries.id),
    referrerId: integer("referrer_id")
      .notNull()
      .references(() => users.id),
    refereeId: integer("referee_id")
      .notNull()
      .references(() => users.id),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    creditedAt: timestamp("credited_at", { withTimezone: true }),
  },
  (table) => [
    index("pending_referral_referee_idx").on(table.refereeId),
    index("pending_referral_referrer_idx").on(table.referrerId),
    check("pending_referral_amount_positive", sql`${table.amount} > 0`),
  ],
);

export const REVIEW_EVENT_KINDS = ["opened", "appealed", "approved", "rejected"] as const;

/** A flagged payout's case: the signals that sent it to review, the member's one appeal and the decision. */
export const payoutReviews = pgTable(
  "payout_reviews",
  {
    payoutId: bigint("payout_id", { mode: "number" })
      .primaryKey()
      .references(() => payouts.id),
    /** The signals as they stood when the payout was requested (JSON). */
    signals: text("signals").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    appeal: text("appeal"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    decision: text("decision", { enum: ["approved", "rejected"] }),
    /** Shown to the member when the payout is rejected. */
    reason: text("reason"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    check(
      "payout_reviews_decision_whole",
      sql`(${table.decision} is null) = (${table.decidedAt} is null) and (${table.decision} is null or ${table.reason} is not null)`,
    ),
    check("payout_reviews_appeal_whole", sql`(${table.appeal} is null) = (${table.appealedAt} is null)`),
  ],
);

/** Every step of every review, never edited: who did what, when, and why. */
export const reviewEvents = pgTable(
  "review_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    payoutId: bigint("payout_id", { mode: "number" })
      .notNull()
      .references(() => payouts.id),
    kind: text("kind", { enum: REVIEW_EVENT_KINDS }).notNull(),
    actor: text("actor").notNull(),
    text: text("text"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("review_events_payout_idx").on(table.payoutId, table.createdAt)],
);

/** The operator console's roles; an account without a row is a member. */
export const STAFF_ROLES = ["support", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Who may open the operator console: set from the shell with `npm run admin -- grant|revoke`. */
export const staffMembers = pgTable("staff_members", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  role: text("role", { enum: STAFF_ROLES }).notNull(),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull(),
});

/** A staff member's TOTP secret (RFC 6238); unconfirmed until the first code from the app is entered. */
export const staffTotp = pgTable("staff_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  /** The newest 30-second step a code was accepted for: a code works once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }).notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/** One-time recovery codes, kept as sha256 hashes (each code carries 60 random bits). */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("staff_recovery_codes_hash_unique").on(table.codeHash), index("staff_recovery_codes_user_idx").on(table.userId)],
);

/**
 * Console codes being checked or found wrong, for the second factor's sliding limit (a right code deletes its own row).
 * The fifth wrong code within the window carries `locks_until`: every code is refused until then.
 */
export const secondFactorAttempts = pgTable(
  "second_factor_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    locksUntil: timestamp("locks_until", { withTimezone: true }),
  },
  (table) => [index("second_factor_attempts_user_idx").on(table.userId, table.attemptedAt)],
);

/**
 * A signed-in session that passed the second factor: the console opens for it
 * until 30 idle minutes pass. Ends with the session it belongs to.
 */
export const consoleSessions = pgTable("console_sessions", {
  sessionIdHash: text("session_id_hash")
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
  lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
});

/** Every change made by an operator, from the console or the shell, never edited. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The operator's account; null for the server's shell (`npm run admin`). */
    actorId: integer("actor_id").references(() => users.id),
    /** The operator's email at the time, or "shell": still readable if the account goes. */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    /** What was changed, as "kind:id" (for example "user:12", "payout:7"). */
    subject: text("subject").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("audit_log_time_idx").on(table.createdAt),
    index("audit_log_actor_idx").on(table.actorId, table.createdAt),
    index("audit_log_subject_idx").on(table.subject, table.createdAt),
  ],
);

/** `cancel_email_change` goes to the current address when a change is asked for: it cancels the pending `change_email`. */
export const EMAIL_TOKEN_PURPOSES = ["verify_email", "reset_password", "change_email", "cancel_email_change"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * Links sent by email: 32 random bytes, kept only as a SHA-256 hash;
 * single-use, short-lived, and replaced by a newer one of the same purpose.
 */
export const emailTokens = pgTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** For a change of email: the address that becomes the account's once the link is followed. */
    newEmail: text("new_email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("email_tokens_one_per_purpose").on(table.userId, table.purpose),
    index("email_tokens_expires_idx").on(table.expiresAt),
  ],
);

export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * Every email the site sends, written before it is sent: a failed send is
 * retried with backoff by a job, and nothing is lost when SMTP is down.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    /** Extra headers (a reminder's List-Unsubscribe); blanked with the bodies once sent, since they hold a link. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [index("mail_queue_due_idx").on(table.status, table.nextAttemptAt)],
);

/** Streak reminders sent: the key makes it one per member per UTC day, however many instances run the job at once. */
export const streakReminders = pgTable(
  "streak_reminders",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The UTC day the reminder was for. */
    day: text("day").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/**
 * One start of a quiz: the member gets a random token (only its hash is kept)
 * and the questions and choices in the order shown; the first submission with
 * the token is graded, any later one refused.
 */
export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    quiz: text("quiz").notNull(),
    /** The question ids, each with its choice ids, in the order shown. */
    shown: jsonb("shown").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    correct: integer("correct"),
    passed: boolean("passed"),
  },
  (table) => [
    uniqueIndex("quiz_attempts_token").on(table.tokenHash),
    index("quiz_attempts_member_quiz").on(table.userId, table.quiz, table.submittedAt),
  ],
);

/** What a quest's check looked at and found, for the member and the operators: every check leaves one. */
export const questReceipts = pgTable(
  "quest_receipts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    quest: text("quest").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    outcome: text("outcome", { enum: QUEST_OUTCOMES }).notNull(),
    /** The receipt's sentence: what was checked, what was found, and why that outcome. */
    detail: text("detail").notNull(),
    /** For an on-chain check: the block it read, so a failed check is tried again only once the chain has moved past it. */
    blockNumber: bigint("block_number", { mode: "bigint" }),
  },
  (table) => [index("quest_receipts_member").on(table.userId, table.checkedAt)],
);

/**
 * Which quests exist and what each pays, as operators set them in the console:
 * quizzes are seeded from content/quizzes and the configuration's amounts on
 * start, and so are the configuration's on-chain quests; visit and read
 * quests are defined by operators and pay XP only. A
 * retired quest stays for its history. Credits read the amounts when they are
 * made, so a change applies to future credits only.
 */
export const questSettings = pgTable(
  "quest_settings",
  {
    kind: text("kind", { enum: QUEST_KINDS }).notNull(),
    id: text("id").notNull(),
    title: text("title").notNull(),
    /** A visit or read quest's page on this site. */
    page: text("page"),
    tokens: bigint("tokens", { mode: "bigint" }).notNull(),
    xp: integer("xp").notNull(),
    period: text("period", { enum: QUEST_PERIODS }).notNull(),
    status: text("status", { enum: QUEST_STATUSES }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    uniqueIndex("quest_settings_one_per_page").on(table.kind, table.page).where(sql`${table.status} <> 'retired'`),
    check("quest_settings_kind", sql`${table.kind} in ('quiz', 'visit', 'read', 'chain')`),
    check("quest_settings_status", sql`${table.status} in ('active', 'paused', 'retired')`),
    check("quest_settings_period", sql`${table.period} in ('once', 'daily', 'weekly', 'monthly')`),
    check("quest_settings_amounts", sql`${table.xp} > 0 and ${table.tokens} >= 0`),
    check("quest_settings_xp_only_visits", sql`${table.kind} in ('quiz', 'chain') or ${table.tokens} = 0`),
    check("quest_settings_page", sql`(${table.kind} in ('visit', 'read')) = (${table.page} is not null)`),
  ],
);

/** Experience points: every quest pays them, once per (member, quest, period), whether or not it pays tokens. */
export const xpEntries = pgTable(
  "xp_entries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** `quest:<kind>:<id>:<period>`, as the ledger's award. */
    award: text("award").notNull(),
    amount: integer("amount").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex("xp_once_per_award").on(table.userId, table.award), check("xp_positive", sql`${table.amount} > 0`)],
);

/**
 * People waiting for sign-ups to open. One row per person: any spelling of an
 * address is one canonical form, as for accounts, and that form is unique.
 * A row counts once its link is followed (double opt-in); until then it holds
 * the link's hash.
 */
export const waitlist = pgTable(
  "waitlist",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** The address as typed last: the confirmation and the announcement go to it. */
    email: text("email").notNull(),
    emailCanonical: text("email_canonical").notNull(),
    tokenHash: text("token_hash"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("waitlist_email_canonical_unique").on(table.emailCanonical),
    uniqueIndex("waitlist_token_hash_unique").on(table.tokenHash),
  ],
);

/** Announcements to the waitlist: the kind is the primary key, so "sign-ups are open" goes out once, however often it is asked for. */
export const waitlistAnnouncements = pgTable("waitlist_announcements", {
  kind: text("kind").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  recipients: integer("recipients").notNull(),
});

/*
 * The chain index (decision 043): the token pool's Swap, Mint and Burn logs and the token's Transfer logs, as
 * facts read once from the node. The market figures, and later the quests and reconciliation, read these tables
 * instead of asking the node again. A log is one row, keyed by its block hash and log index (and its transaction
 * and log index): blocks younger than the confirmation depth are rewritten on every run, so a reorg replaces them.
 */
const chainLog = {
  blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
  blockHash: text("block_hash").notNull(),
  blockTime: timestamp("block_time", { withTimezone: true }).notNull(),
  txHash: text("tx_hash").notNull(),
  logIndex: integer("log_index").notNull(),
};
/** Any uint256 or int256 amount, in base units. */
const baseUnits = (name: string) => numeric(name, { precision: 78, scale: 0 });

/** How far the index has read, per pool and token, and the chain's state at that block (for "as of block N"). */
export const chainIndexState = pgTable("chain_index_state", {
  name: text("name").primaryKey(),
  lastBlock: bigint("last_block", { mode: "bigint" }).notNull(),
  lastBlockHash: text("last_block_hash").notNull(),
  lastBlockTime: timestamp("last_block_time", { withTimezone: true }).notNull(),
  /** slot0 and liquidity() of the pool, the pool's balances of its two tokens, and totalSupply() of the token, all at lastBlock. */
  sqrtPriceX96: baseUnits("sqrt_price_x96").notNull(),
  tick: integer("tick").notNull(),
  liquidity: baseUnits("liquidity").notNull(),
  poolBalance0: baseUnits("pool_balance0").notNull(),
  poolBalance1: baseUnits("pool_balance1").notNull(),
  totalSupply: baseUnits("total_supply").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** Every Swap of the pool. amount0/amount1 are the pool's side: positive is paid in, negative paid out. */
export const indexedSwaps = pgTable(
  "indexed_swaps",
  {
    pool: text("pool").notNull(),
    ...chainLog,
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    /** The transaction's sender (its `from`), read once per transaction: who traded, whatever router or recipient they used. */
    txFrom: text("tx_from").notNull(),
    amount0: baseUnits("amount0").notNull(),
    amount1: baseUnits("amount1").notNull(),
    sqrtPriceX96: baseUnits("sqrt_price_x96").notNull(),
    liquidity: baseUnits("liquidity").notNull(),
    tick: integer("tick").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockHash, table.logIndex] }),
    uniqueIndex("indexed_swaps_tx_log").on(table.txHash, table.logIndex),
    index("indexed_swaps_pool_time_idx").on(table.pool, table.blockTime),
    index("indexed_swaps_block_idx").on(table.blockNumber),
    index("indexed_swaps_tx_from_idx").on(table.pool, table.txFrom),
  ],
);

/** Every Mint and Burn of the pool's liquidity. */
export const indexedLiquidityChanges = pgTable(
  "indexed_liquidity_changes",
  {
    pool: text("pool").notNull(),
    ...chainLog,
    kind: text("kind", { enum: ["mint", "burn"] }).notNull(),
    owner: text("owner").notNull(),
    tickLower: integer("tick_lower").notNull(),
    tickUpper: integer("tick_upper").notNull(),
    liquidity: baseUnits("liquidity").notNull(),
    amount0: baseUnits("amount0").notNull(),
    amount1: baseUnits("amount1").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockHash, table.logIndex] }),
    uniqueIndex("indexed_liquidity_changes_tx_log").on(table.txHash, table.logIndex),
    index("indexed_liquidity_changes_block_idx").on(table.blockNumber),
  ],
);

/** Every Transfer of the token. */
export const indexedTransfers = pgTable(
  "indexed_transfers",
  {
    token: text("token").notNull(),
    ...chainLog,
    fromAddress: text("from_address").notNull(),
    toAddress: text("to_address").notNull(),
    value: baseUnits("value").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockHash, table.logIndex] }),
    uniqueIndex("indexed_transfers_tx_log").on(table.txHash, table.logIndex),
    index("indexed_transfers_block_idx").on(table.blockNumber),
    index("indexed_transfers_to_idx").on(table.token, table.toAddress),
    index("indexed_transfers_from_idx").on(table.token, table.fromAddress),
  ],
);

/** Each holder's balance, kept from indexed_transfers in the same transaction that writes them (the zero address is the mint and burn side). */
export const tokenBalances = pgTable(
  "token_balances",
  {
    token: text("token").notNull(),
    holder: text("holder").notNull(),
    balance: baseUnits("balance").notNull(),
  },
  (table) => [primaryKey({ columns: [table.token, table.holder] }), index("token_balances_balance_idx").on(table.token, table.balance)],
);

/**
 * The member's verified wallet's token balance at each daily claim, from the chain index's holder balances: the
 * hold quest takes the lowest over its days, so tokens borrowed for one day do not count. One row per UTC day (the
 * lowest of the day's claims).
 */
export const holdingSamples = pgTable(
  "holding_samples",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    day: date("day", { mode: "string" }).notNull(),
    wallet: text("wallet").notNull(),
    balance: baseUnits("balance").notNull(),
    /** The last block the index had read when the sample was taken. */
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    sampledAt: timestamp("sampled_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** The latest non-zero allowance a revoke quest's check read for a wallet and spender: the "before" of a revoke. */
export const allowanceSightings = pgTable(
  "allowance_sightings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    wallet: text("wallet").notNull(),
    spender: text("spender").notNull(),
    allowance: baseUnits("allowance").notNull(),
    blockNumber: bigint("block_number", { mode: "bigint" }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.wallet, table.spender] })],
);
