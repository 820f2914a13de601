import { availableParallelism } from "node:os";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { DECLARED_KINDS, type DeclaredKind } from "../common/api/market.ts";
import { describeIssues } from "../common/zod-issues.ts";
import { defaultSiteConfig } from "../config/kestrel.ts";
import { PLACEHOLDER_POOL_ADDRESS, PLACEHOLDER_TOKEN_ADDRESS, type SiteConfig } from "../config/site.ts";
import { isPlaceholder, secretProblem } from "./secret-strength.ts";

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const commaList = z.string().transform((value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean),
);

const checksummedAddress = z
  .string()
  .refine((value) => isAddress(value, { strict: false }) && value === getAddress(value), "must be an address with its EIP-55 checksum");

/** The server's own settings (secrets and operations). Token facts live in config/site.ts. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** A PostgreSQL server; without it the embedded database (PGlite) stores data in PGLITE_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection URL")
    .optional(),
  PGLITE_DIR: z.string().default(".data/pglite"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Signs CSRF tokens; shared by every instance. Generated and stored in the database when unset outside production. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Proxies whose X-Forwarded-For is believed: IPs or CIDRs, comma-separated. */
  TRUST_PROXY: commaList.default([]),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must be a redis:// URL")
    .optional(),
  /** /metrics on the main port for a scraper presenting this bearer token. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Or /metrics on its own port, bound to METRICS_HOST (loopback by default) and not exposed. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** A request's headers must arrive within HEADERS_TIMEOUT_MS and the whole request within REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(500).max(120_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(300_000).default(30_000),
  /** An idle keep-alive connection is closed after this; longer than nginx's 60 s upstream keep-alive, so nginx closes first. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  /** Connections open at once; past it new ones are closed straight away. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4_096),
  /** On SIGTERM, keep answering 503 at least this long before closing, so load balancers notice. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(8_000).default(1_000),
  /** How often expired sessions and rate-limit windows are deleted (one instance does it per interval). */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Seed the demo account and sample data at start-up (never in production). */
  DEMO_DATA: booleanFlag.optional(),
  BUILD_DIR: z.string().default("build/client"),
  /** Serve the built pages from BUILD_DIR; `npm run dev` turns it off, as Vite serves them. */
  SERVE_SITE: booleanFlag.default(true),
  /** The price badge's source: a fixed demo number, or the token's Uniswap v3 pool read over JSON-RPC. */
  PRICE_SOURCE: z.enum(["fixed", "uniswap-v3"]).default("fixed"),
  PRICE_FIXED: z
    .string()
    .regex(/^\d+(\.\d+)?$/, "must be a decimal number such as 0.0000123456")
    .default("0.0000123456"),
  PRICE_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRICE_REFRESH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  PRICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** Login attempts allowed per account, and per client address, in 15 minutes (a successful login is not counted). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  /** argon2id checks running at once (default: the machine's cores), waiting, and held by one client address. */
  PASSWORD_CHECKS_AT_ONCE: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  PASSWORD_CHECKS_WAITING: z.coerce.number().int().min(0).max(10_000).default(32),
  PASSWORD_CHECKS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000).default(4),
  /** Registration attempts allowed per client address in an hour. */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Password-reset requests allowed per client address in an hour (and 3 per email address). */
  PASSWORD_RESETS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** Contact messages allowed per client address in an hour. */
  CONTACT_MESSAGES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** The mail server every email goes through: smtp(s)://user:pass@host:port. Required in production; elsewhere emails wait in /dev/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
    .optional(),
  /** The sender of the site's emails, such as `Kestrel <hello@kestrel.example>`. Required with SMTP_URL. */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Contact messages are also forwarded by email to this address (from CONTACT_FORWARD_FROM, else MAIL_FROM). */
  CONTACT_FORWARD_TO: z.email().optional(),
  CONTACT_FORWARD_FROM: z.email().optional(),
  /** A JSON-RPC node of the token's chain: reconciliation reads Transfer logs through it, and smart-contract wallets verify through it. */
  PAYOUT_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The address payouts are paid from (the treasury Safe, or the hot wallet's address); reconciliation reads its Transfer logs. */
  PAYOUT_TREASURY_ADDRESS: checksummedAddress.optional(),
  /** Blocks on top of a payout's block before it counts as confirmed. */
  PAYOUT_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** The first block reconciliation reads (the treasury's first payout, or a little before). */
  PAYOUT_START_BLOCK: z.coerce.bigint().min(0n).default(0n),
  /** The widest block range one eth_getLogs call asks for; providers cap it. */
  PAYOUT_LOG_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** How often the server reconciles, when PAYOUT_RPC_URL is set; 0 leaves it to `npm run admin -- payouts reconcile`. */
  PAYOUT_RECONCILE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** A JSON-RPC node of the token's chain for the chain index (market figures); without it the market shows demo data. */
  CHAIN_INDEX_RPC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The first block the index reads: at or before the token's deployment, so every holder's balance starts from the mint. */
  CHAIN_INDEX_START_BLOCK: z.coerce.bigint().min(0n).default(0n),
  /** Blocks younger than this are provisional: read again on every run, so a reorg no deeper than this is replaced. */
  CHAIN_INDEX_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(12),
  /** The widest block range one eth_getLogs call asks for; halved while the node refuses it. */
  CHAIN_INDEX_LOG_RANGE: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** The most blocks one run reads past its cursor (a first run over a long history catches up in steps). */
  CHAIN_INDEX_BLOCKS_PER_RUN: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
  /** How often the server indexes, when CHAIN_INDEX_RPC_URL is set; 0 leaves it to `npm run admin -- chain index`. */
  CHAIN_INDEX_SECONDS: z.coerce.number().int().min(0).max(86_400).default(15),
  /**
   * Addresses the operator declares apart from the circulating supply, as `kind:address:label` separated by commas;
   * kinds: treasury, reward-safe, hot-wallet, locked, burn. Shown on the home page with their balances.
   */
  MARKET_DECLARED_ADDRESSES: z
    .string()
    .default("")
    .transform((value, context) => {
      const declared: Array<{ kind: DeclaredKind; address: string; label: string }> = [];
      for (const item of value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const [kind, address, ...label] = item.split(":");
        if (
          !DECLARED_KINDS.includes(kind as DeclaredKind) ||
          !address ||
          !isAddress(address, { strict: false }) ||
          address !== getAddress(address) ||
          label.join(":").trim() === ""
        )
          context.addIssue({
            code: "custom",
            message: `"${item}" must be kind:address:label, the kind one of ${DECLARED_KINDS.join(", ")}, the address with its EIP-55 checksum`,
          });
        else declared.push({ kind: kind as DeclaredKind, address, label: label.join(":").trim() });
      }
      return declared;
    }),
  /** How long the market figures are kept before they are read again from the index (and how long browsers may keep them). */
  MARKET_CACHE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  /** Emails waiting for a retry are sent this often. */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(5).max(3_600).default(30),
  /** How often members whose streak is at risk are looked for and reminded (0: never). */
  STREAK_REMINDER_SECONDS: z.coerce.number().int().min(0).max(3_600).default(300),
  /** Hot-wallet sending (`payouts send`): the key, or a keystore file and its password. Never logged. */
  PAYOUT_SENDER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte private key")
    .optional(),
  PAYOUT_SENDER_KEYSTORE: z.string().optional(),
  PAYOUT_SENDER_KEYSTORE_PASSWORD: z.string().optional(),
  /** The most the hot wallet pays per gas, in gwei; sending stops rather than pay more. */
  PAYOUT_MAX_FEE_GWEI: z.coerce.number().positive().max(10_000).default(50),
  /** The most whole tokens one `payouts send` may move; a larger batch is refused. */
  PAYOUT_MAX_BATCH_TOKENS: z.coerce.bigint().min(1n).default(1_000_000n),
  /** Fair rewards: an account this many days old, at least, may ask for a payout. */
  PAYOUT_MIN_ACCOUNT_AGE_DAYS: z.coerce.number().int().min(0).max(3650).default(7),
  /** Providers that deliver `name+tag@` to `name@`: one account per person whatever the tag. */
  EMAIL_SUBADDRESS_DOMAINS: commaList.default([
    "gmail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "icloud.com",
    "me.com",
    "mac.com",
    "proton.me",
    "protonmail.com",
    "pm.me",
    "fastmail.com",
    "gmx.com",
    "gmx.de",
    "yandex.com",
    "yandex.ru",
  ]),
  /** Providers that ignore dots in the name part. */
  EMAIL_DOTLESS_DOMAINS: commaList.default(["gmail.com"]),
  /** A provider's second names, `alias=main`, comma-separated. */
  EMAIL_DOMAIN_ALIASES: commaList
    .pipe(z.array(z.string().regex(/^[^=\s]+=[^=\s]+$/, "must be alias=main pairs, comma-separated")))
    .default(["googlemail.com=gmail.com", "protonmail.ch=proton.me", "ya.ru=yandex.ru"]),
  /** Domains the throwaway-address check lets through (a partner's domain it wrongly lists), and domains it refuses on top of its list. */
  DISPOSABLE_EMAIL_ALLOW: commaList.default([]),
  DISPOSABLE_EMAIL_DENY: commaList.default([]),
  /** Accounts signing up, or claiming, from one /24 or /48 within a day before each of them is flagged for a person to look at. */
  SHARED_NETWORK_ACCOUNTS: z.coerce.number().int().min(2).max(10_000).default(4),
  /**
   * The sign-up proof of work's starting ceiling, in SHA-256 hashes (a person's browser does about half of it);
   * it doubles with each recent sign-up from the visitor's network.
   */
  SIGNUP_WORK_BASE: z.coerce.number().int().min(100).max(10_000_000).default(20_000),
  /** Signs the sign-up proof-of-work challenges; shared by every instance. When unset, one is generated and kept in the database. */
  ALTCHA_HMAC_KEY: z.string().min(32, "must be at least 32 characters").optional(),
});

export type ServerEnv = z.infer<typeof envSchema>;

/** Every variable the server reads, for the example environment file's test. */
export const serverSettingNames: string[] = Object.keys(envSchema.shape);

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`The server's environment is not valid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses the environment once; every problem, including what production needs of the site configuration, is named in one error. */
export function parseServerEnv(env: Record<string, string | undefined>, site: SiteConfig): ServerEnv {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) throw new EnvError(describeIssues(result.error));
  const parsed = result.data;
  const problems: string[] = [];
  if (parsed.PRICE_SOURCE === "uniswap-v3" && !parsed.PRICE_RPC_URL)
    problems.push("PRICE_RPC_URL: required when PRICE_SOURCE is uniswap-v3");
  if (parsed.SMTP_URL && !parsed.MAIL_FROM) problems.push("MAIL_FROM: required with SMTP_URL, the sender of the site's emails");
  if (parsed.HEADERS_TIMEOUT_MS > parsed.REQUEST_TIMEOUT_MS)
    problems.push("HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)");
  if (parsed.PAYOUT_RPC_URL && !parsed.PAYOUT_TREASURY_ADDRESS)
    problems.push("PAYOUT_TREASURY_ADDRESS: required with PAYOUT_RPC_URL, to know whose transfers pay the payouts");
  if (parsed.PAYOUT_SENDER_KEY && parsed.PAYOUT_SENDER_KEYSTORE)
    problems.push("PAYOUT_SENDER_KEY: set either the key or PAYOUT_SENDER_KEYSTORE, not both");
  if (parsed.PAYOUT_SENDER_KEYSTORE && parsed.PAYOUT_SENDER_KEYSTORE_PASSWORD === undefined)
    problems.push("PAYOUT_SENDER_KEYSTORE_PASSWORD: required with PAYOUT_SENDER_KEYSTORE");
  const origin = new URL(site.site.origin);
  const publicSite = origin.protocol === "https:" && origin.hostname !== "localhost";
  if (parsed.NODE_ENV === "production") {
    if (!parsed.DATABASE_URL) problems.push("DATABASE_URL: required in production (a PostgreSQL server)");
    if (!parsed.SESSION_SECRET) problems.push("SESSION_SECRET: required in production (at least 32 random characters)");
    if (!parsed.SMTP_URL) problems.push("SMTP_URL: required in production (members' verification and password-reset emails go through it)");
    for (const name of ["SESSION_SECRET", "METRICS_TOKEN", "ALTCHA_HMAC_KEY"] as const) {
      const value = parsed[name];
      const problem = value ? secretProblem(value) : null;
      if (problem) problems.push(`${name}: ${problem}`);
    }
    for (const name of ["DATABASE_URL", "REDIS_URL", "PRICE_RPC_URL", "SMTP_URL", "CHAIN_INDEX_RPC_URL"] as const) {
      const value = parsed[name];
      if (value && isPlaceholder(value)) problems.push(`${name}: still the example's placeholder; set the real address and password`);
    }
    if (parsed.DEMO_DATA) problems.push("DEMO_DATA: demo data is never seeded in production");
    if (site.token.address === PLACEHOLDER_TOKEN_ADDRESS)
      problems.push("TOKEN_ADDRESS: still the demo placeholder; set the token's real contract address");
    problems.push(...demoContactsKept(site));
    if (!publicSite) problems.push(`SITE_ORIGIN: must be the site's public https origin (now ${site.site.origin})`);
  } else if (publicSite) {
    problems.push(
      `NODE_ENV: must be production when SITE_ORIGIN is a public https origin (now ${parsed.NODE_ENV}); set NODE_ENV=production, or SITE_ORIGIN=http://localhost:PORT for development`,
    );
  }
  if (problems.length > 0) throw new EnvError(problems);
  return parsed;
}

/**
 * What production refuses of the demo's pool and contact points: a pool that
 * does not exist, an address at a domain reserved for examples (no mail
 * reaches it), and the demo's social accounts on another token's site.
 */
function demoContactsKept(site: SiteConfig): string[] {
  const problems: string[] = [];
  if (site.dex.poolAddress === PLACEHOLDER_POOL_ADDRESS)
    problems.push("DEX_POOL_ADDRESS: still the demo placeholder; set the token's real pool address");
  if (/\.example$/i.test(site.legal.email))
    problems.push(`LEGAL_EMAIL: ${site.legal.email} cannot receive mail; set the address readers write to`);
  if (site.token.slug !== defaultSiteConfig.token.slug) {
    for (const [network, url] of Object.entries(site.socials)) {
      if (url === defaultSiteConfig.socials[network as keyof SiteConfig["socials"]])
        problems.push(`SOCIAL_${network.toUpperCase()}: still the demo token's account (${url}); set your own`);
    }
  }
  return problems;
}
