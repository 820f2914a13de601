import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    referralCode: text("referral_code").notNull(),
    referredBy: integer("referred_by").references((): AnyPgColumn => users.id),
    /** EIP-55 checksummed; null until the user sets one. */
    walletAddress: text("wallet_address"),
    lastClaimAt: timestamp("last_claim_at", { withTimezone: true }),
    /** Numbers the user's reward windows: the nth claim is window n, creditable once. */
    claimCount: integer("claim_count").notNull().default(0),
    /** Whole tokens; always the sum of the user's ledger entries, written in the same statement as each entry. */
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    uniqueIndex("users_referral_code_unique").on(table.referralCode),
    index("users_referred_by_idx").on(table.referredBy),
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

export const LEDGER_KINDS = ["daily_reward", "referral_bonus", "admin_credit", "admin_debit"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

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
    /** For an operator's credit or debit: why. */
    reason: text("reason"),
  },
  (table) => [
    index("ledger_user_time_idx").on(table.userId, table.createdAt),
    uniqueIndex("ledger_one_reward_per_window").on(table.userId, table.rewardWindow).where(sql`${table.kind} = 'daily_reward'`),
    uniqueIndex("ledger_one_bonus_per_claim").on(table.causedBy).where(sql`${table.kind} = 'referral_bonus'`),
    check("ledger_amount_not_zero", sql`${table.amount} <> 0`),
    check(
      "ledger_kind_fields",
      sql`(${table.kind} = 'daily_reward' and ${table.rewardWindow} is not null and ${table.amount} > 0)
        or (${table.kind} = 'referral_bonus' and ${table.causedBy} is not null and ${table.amount} > 0)
        or (${table.kind} = 'admin_credit' and ${table.reason} is not null and ${table.amount} > 0)
        or (${table.kind} = 'admin_debit' and ${table.reason} is not null and ${table.amount} < 0)`,
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
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
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
