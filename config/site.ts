/**
 * The token and the site: the one configuration another token's team edits to
 * re-brand everything. Defaults describe the demo token, Kestrel (KSTL).
 *
 * Read in Node only (the build, the server, scripts). The browser gets the
 * validated result through the `virtual:site-config` module, so nothing here
 * may be secret.
 */

import { readFileSync } from "node:fs";
import { getAddress, isAddress } from "viem";
import { z } from "zod";
import { describeIssues } from "../common/zod-issues.ts";
import { DEX_CHAIN_NAMES } from "./dex-chains.ts";
import { defaultSiteConfig } from "./kestrel.ts";
import { schemeProblems } from "./palette.ts";

export { PLACEHOLDER_POOL_ADDRESS, PLACEHOLDER_TOKEN_ADDRESS } from "./kestrel.ts";

const checksummedAddress = z.string().refine((value) => isAddress(value, { strict: false }) && value === getAddress(value), {
  message: "must be a 0x-prefixed Ethereum address written with its EIP-55 checksum",
});
const webUrl = z.url({ protocol: /^https?$/ });
const utcDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a UTC date written YYYY-MM-DD");
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, "must be a colour written #rrggbb");

const chainQuestBase = z.object({
  /** Part of the quest's award key (`quest:chain:<id>:<period>`): keep it once credits exist. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be lowercase letters, digits and dashes"),
  xp: z.number().int().positive(),
  /** Whole tokens; 0 pays XP only. */
  tokens: z.number().int().nonnegative(),
  /** Paid once ever, or once each calendar month (UTC). */
  period: z.enum(["once", "month"]),
});

/** The on-chain quests, checked against the member's verified wallet (server/services/quests/chain-quests.ts). */
export const chainQuestSchema = z.discriminatedUnion("kind", [
  chainQuestBase.extend({
    kind: z.literal("hold"),
    /** Whole tokens the wallet holds at the lowest of its balances sampled at the member's daily claims over `days` days. */
    minTokens: z.number().int().positive(),
    days: z.number().int().min(1).max(90),
  }),
  chainQuestBase.extend({ kind: z.literal("buy") }),
  chainQuestBase.extend({ kind: z.literal("liquidity") }),
  chainQuestBase.extend({
    kind: z.literal("revoke"),
    /** The contract whose allowance over the token the member revokes, and its name in the quest's texts. */
    spender: checksummedAddress,
    spenderName: z.string().min(1).max(60),
  }),
]);
export type ChainQuestSettings = z.infer<typeof chainQuestSchema>;

export const siteConfigSchema = z.object({
  token: z.object({
    name: z.string().min(1).max(40),
    symbol: z.string().regex(/^[A-Z0-9]{2,11}$/, "must be 2 to 11 capital letters or digits"),
    /** `{product}` in routes, the `app` value of every payload and the price field's prefix. */
    slug: z.string().regex(/^[a-z][a-z0-9]{1,30}$/, "must be lowercase letters and digits, starting with a letter"),
    address: checksummedAddress,
    decimals: z.number().int().min(0).max(36),
    chainId: z.number().int().positive(),
    chainName: z.string().min(1),
    /** Path under public/ of the square logo (SVG). */
    logo: z.string().startsWith("/"),
  }),
  site: z.object({
    origin: webUrl.refine((value) => new URL(value).origin === value, {
      message: "must be an origin such as https://kestrel.example, without a path or trailing slash",
    }),
    tagline: z.string().min(1),
    description: z.string().min(1),
    about: z.string().min(1),
    /** The four colours the palette is drawn from (config/palette.ts); refused if any text would be hard to read. */
    colors: z.object({ ink: hexColor, brand: hexColor, highlight: hexColor, background: hexColor }).superRefine((colors, context) => {
      for (const problem of schemeProblems(colors)) context.addIssue({ code: "custom", message: problem });
    }),
    /** The browser's toolbar colour on phones; by default the ink colour. */
    themeColor: hexColor,
  }),
  explorer: z.object({ name: z.string().min(1), baseUrl: webUrl }),
  dex: z.object({
    name: z.string().min(1),
    poolAddress: checksummedAddress,
    /** The pool pairs the token with this stablecoin. */
    quoteSymbol: z.string().min(1),
    quoteAddress: checksummedAddress,
    quoteDecimals: z.number().int().min(0).max(36),
    feeTierPercent: z.string().regex(/^\d+(\.\d+)?$/),
    /** Uniswap v3's NonfungiblePositionManager on the token's chain: the liquidity quest reads the wallet's positions from it. */
    positionManagerAddress: checksummedAddress,
    /** The DEX web app; pool, swap and add-liquidity links are built from it (common/links.ts). */
    appUrl: webUrl,
    /** The app's name for the token's chain in those links; by default the one config/dex-chains.ts knows for `token.chainId`. */
    chain: z
      .string({ error: "no name is known for token.chainId; set DEX_CHAIN to the name the DEX app's links use for the chain" })
      .regex(/^[a-z0-9_-]+$/, "must be the DEX app's name for the chain, such as ethereum or base"),
  }),
  socials: z.object({ x: webUrl, telegram: webUrl, discord: webUrl, youtube: webUrl }),
  contact: z.object({
    /** Where the contact form posts: the product's own endpoint unless an operator points it at a provider. */
    endpoint: z.string().min(1),
    /** Public by design: the form sends it, as form-submission providers expect. */
    accessKey: z.string().min(8),
    subject: z.string().min(1),
  }),
  rewards: z.object({
    dailyAmount: z.number().int().positive(),
    referralBonus: z.number().int().nonnegative(),
    minTransfer: z.number().int().positive(),
    claimIntervalHours: z.number().int().positive(),
    specialDays: z.array(z.object({ date: utcDate, multiplier: z.union([z.literal(2), z.literal(3)]) })),
    /** A quiz's first pass: tokens (0 pays XP only), paid to a member with a verified wallet, never on hold or flagged. */
    quizTokens: z.number().int().nonnegative(),
    /** The referrer's bonus waits until the referred member first passes a quiz: a cost on fake friends. */
    referralAfterFirstQuiz: z.boolean(),
    /** Experience points for a quiz's first pass, paid to every member. */
    quizXp: z.number().int().positive(),
    /** Experience points each daily claim adds to the leaderboard (0: the board counts quests only). */
    claimXp: z.number().int().nonnegative(),
    /** How many hours before the streak's reset (00:00 UTC) a member who asked for it is emailed, when today's claim is still open. */
    streakReminderHours: z.number().int().min(1).max(23),
    /** How long a member waits after a failed quiz before starting it again. */
    quizCooldownMinutes: z.number().int().nonnegative(),
    chainQuests: z
      .array(chainQuestSchema)
      .max(20)
      .refine((quests) => new Set(quests.map((quest) => quest.id)).size === quests.length, { message: "must give each quest its own id" }),
    /** Bonuses for a streak of consecutive UTC days with a claim: each paid once per streak, on the day the streak reaches it. */
    streakMilestones: z
      .array(z.object({ days: z.number().int().min(2).max(3650), bonus: z.number().int().positive() }))
      .max(10)
      .refine((milestones) => milestones.every((milestone, i) => i === 0 || milestone.days > (milestones[i - 1]?.days ?? 0)), {
        message: "must list each milestone once, from the shortest streak to the longest",
      }),
  }),
  legal: z.object({
    operator: z.string().min(1),
    email: z.email(),
    minimumAge: z.number().int().min(13),
    updated: utcDate,
  }),
  signups: z.enum(["coming-soon", "open"]),
});

export type SiteConfig = z.infer<typeof siteConfigSchema>;

/**
 * The configuration as the pages get it (scripts/build/site-config-plugin.ts): without the palette's source colours and
 * the chain quests, which only the build and the server read. Scalars stay, as content may name any of them as a
 * placeholder (app/content/placeholders.ts).
 */
export type PageSiteConfig = Omit<SiteConfig, "site" | "rewards"> & {
  site: Omit<SiteConfig["site"], "colors">;
  rewards: Omit<SiteConfig["rewards"], "chainQuests">;
};

export function pageSiteConfig(config: SiteConfig): PageSiteConfig {
  const { colors: _colors, ...site } = config.site;
  const { chainQuests: _chainQuests, ...rewards } = config.rewards;
  return { ...config, site, rewards };
}

/**
 * Environment variables an operator may set instead of editing a file. Each
 * names one field, and every field has one; `SITE_CONFIG_FILE` may point at a JSON file holding any
 * subset of the whole shape, applied before these.
 */
export const siteEnvironmentVariables = {
  TOKEN_NAME: ["token", "name"],
  TOKEN_SYMBOL: ["token", "symbol"],
  TOKEN_SLUG: ["token", "slug"],
  TOKEN_ADDRESS: ["token", "address"],
  TOKEN_DECIMALS: ["token", "decimals"],
  TOKEN_CHAIN_ID: ["token", "chainId"],
  TOKEN_CHAIN_NAME: ["token", "chainName"],
  TOKEN_LOGO: ["token", "logo"],
  SITE_ORIGIN: ["site", "origin"],
  SITE_TAGLINE: ["site", "tagline"],
  SITE_DESCRIPTION: ["site", "description"],
  SITE_ABOUT: ["site", "about"],
  SITE_COLOR_INK: ["site", "colors", "ink"],
  SITE_COLOR_BRAND: ["site", "colors", "brand"],
  SITE_COLOR_HIGHLIGHT: ["site", "colors", "highlight"],
  SITE_COLOR_BACKGROUND: ["site", "colors", "background"],
  SITE_THEME_COLOR: ["site", "themeColor"],
  EXPLORER_NAME: ["explorer", "name"],
  EXPLORER_BASE_URL: ["explorer", "baseUrl"],
  DEX_NAME: ["dex", "name"],
  DEX_POOL_ADDRESS: ["dex", "poolAddress"],
  DEX_QUOTE_SYMBOL: ["dex", "quoteSymbol"],
  DEX_QUOTE_ADDRESS: ["dex", "quoteAddress"],
  DEX_QUOTE_DECIMALS: ["dex", "quoteDecimals"],
  DEX_FEE_TIER_PERCENT: ["dex", "feeTierPercent"],
  DEX_POSITION_MANAGER_ADDRESS: ["dex", "positionManagerAddress"],
  DEX_APP_URL: ["dex", "appUrl"],
  DEX_CHAIN: ["dex", "chain"],
  SOCIAL_X: ["socials", "x"],
  SOCIAL_TELEGRAM: ["socials", "telegram"],
  SOCIAL_DISCORD: ["socials", "discord"],
  SOCIAL_YOUTUBE: ["socials", "youtube"],
  CONTACT_ENDPOINT: ["contact", "endpoint"],
  CONTACT_ACCESS_KEY: ["contact", "accessKey"],
  CONTACT_SUBJECT: ["contact", "subject"],
  REWARD_DAILY_AMOUNT: ["rewards", "dailyAmount"],
  REWARD_REFERRAL_BONUS: ["rewards", "referralBonus"],
  REWARD_REFERRAL_AFTER_FIRST_QUIZ: ["rewards", "referralAfterFirstQuiz"],
  REWARD_MIN_TRANSFER: ["rewards", "minTransfer"],
  REWARD_CLAIM_INTERVAL_HOURS: ["rewards", "claimIntervalHours"],
  REWARD_SPECIAL_DAYS: ["rewards", "specialDays"],
  REWARD_STREAK_MILESTONES: ["rewards", "streakMilestones"],
  REWARD_QUIZ_TOKENS: ["rewards", "quizTokens"],
  REWARD_QUIZ_XP: ["rewards", "quizXp"],
  REWARD_CLAIM_XP: ["rewards", "claimXp"],
  REWARD_QUIZ_COOLDOWN_MINUTES: ["rewards", "quizCooldownMinutes"],
  REWARD_CHAIN_QUESTS: ["rewards", "chainQuests"],
  REWARD_STREAK_REMINDER_HOURS: ["rewards", "streakReminderHours"],
  LEGAL_OPERATOR: ["legal", "operator"],
  LEGAL_EMAIL: ["legal", "email"],
  LEGAL_MINIMUM_AGE: ["legal", "minimumAge"],
  LEGAL_UPDATED: ["legal", "updated"],
  SIGNUPS: ["signups"],
} as const satisfies Record<string, readonly string[]>;

export class SiteConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The site configuration is not valid:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "SiteConfigError";
  }
}

type Env = Record<string, string | undefined>;

/**
 * Defaults, then `SITE_CONFIG_FILE`, then the variables above, with the
 * token's names filled into the texts; validated, or a SiteConfigError naming
 * every bad field.
 */
export function loadSiteConfig(env: Env = process.env): SiteConfig {
  const merged: Record<string, unknown> = structuredClone(defaultSiteConfig);
  const problems: string[] = [];
  if (env.SITE_CONFIG_FILE) {
    try {
      deepMerge(merged, JSON.parse(readFileSync(env.SITE_CONFIG_FILE, "utf8")));
    } catch (error) {
      problems.push(`SITE_CONFIG_FILE (${env.SITE_CONFIG_FILE}): ${(error as Error).message}`);
    }
  }
  for (const [variable, path] of Object.entries(siteEnvironmentVariables)) {
    const raw = env[variable];
    if (raw === undefined || raw === "") continue;
    setPath(merged, path, parseEnvValue(variable, raw, problems));
  }
  nameTheToken(merged, problems);
  nameTheDexChain(merged);
  colourTheToolbar(merged);
  const result = siteConfigSchema.safeParse(merged);
  if (!result.success) {
    problems.push(...describeIssues(result.error));
  }
  if (problems.length > 0 || !result.success) throw new SiteConfigError(problems);
  return result.data;
}

const TOKEN_NAMES = ["name", "symbol", "slug", "chainName"] as const;
const TEXT_GROUPS = ["site", "legal", "contact"] as const;

/** Fills `{{token.name}}`, `{{token.symbol}}`, `{{token.slug}}` and `{{token.chainName}}` into the texts that may name the token. */
function nameTheToken(merged: Record<string, unknown>, problems: string[]): void {
  const token = (merged.token ?? {}) as Record<string, unknown>;
  for (const group of TEXT_GROUPS) {
    const fields = merged[group] as Record<string, unknown> | undefined;
    for (const [key, value] of Object.entries(fields ?? {})) {
      if (typeof value !== "string") continue;
      (fields as Record<string, unknown>)[key] = value.replace(/\{\{\s*token\.(\w+)\s*\}\}/g, (placeholder, name: string) => {
        if ((TOKEN_NAMES as readonly string[]).includes(name)) return String(token[name]);
        problems.push(`${group}.${key}: unknown placeholder ${placeholder}; a text may name token.${TOKEN_NAMES.join(", token.")}`);
        return placeholder;
      });
    }
  }
}

/** The DEX app's name for the token's chain, when neither a file nor `DEX_CHAIN` gave one and config/dex-chains.ts knows it. */
function nameTheDexChain(merged: Record<string, unknown>): void {
  const dex = merged.dex as Record<string, unknown>;
  const chainId = (merged.token as Record<string, unknown>).chainId;
  if (dex.chain === undefined && typeof chainId === "number") dex.chain = DEX_CHAIN_NAMES[chainId];
}

/** The phone browser's toolbar takes the ink colour unless a file or `SITE_THEME_COLOR` chose another. */
function colourTheToolbar(merged: Record<string, unknown>): void {
  const site = merged.site as Record<string, unknown>;
  site.themeColor ??= (site.colors as Record<string, unknown> | undefined)?.ink;
}

function parseEnvValue(variable: string, raw: string, problems: string[]): unknown {
  if (variable === "REWARD_SPECIAL_DAYS") {
    // "2026-12-25:3,2027-01-01:2"
    return raw.split(",").map((entry) => {
      const [date, multiplier] = entry.trim().split(":");
      return { date, multiplier: Number(multiplier) };
    });
  }
  if (variable === "REWARD_STREAK_MILESTONES") {
    // "7:50,30:300,100:1500", days:bonus; "none" pays none
    return raw === "none"
      ? []
      : raw.split(",").map((entry) => {
          const [days, bonus] = entry.trim().split(":");
          return { days: Number(days), bonus: Number(bonus) };
        });
  }
  if (variable === "REWARD_CHAIN_QUESTS") {
    // A JSON array of quests, as in config/kestrel.ts; "none" offers none
    if (raw === "none") return [];
    try {
      return JSON.parse(raw);
    } catch {
      problems.push(`${variable}: must be a JSON array of quests, or "none"`);
      return [];
    }
  }
  const current = getPath(defaultSiteConfig, siteEnvironmentVariables[variable as keyof typeof siteEnvironmentVariables]);
  if (typeof current === "boolean") {
    if (raw === "true" || raw === "false") return raw === "true";
    problems.push(`${variable}: "${raw}" is not true or false`);
    return current;
  }
  if (typeof current === "number") {
    const value = Number(raw);
    if (!Number.isFinite(value)) problems.push(`${variable}: "${raw}" is not a number`);
    return value;
  }
  return raw;
}

function getPath(target: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], target);
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1] as string] = value;
}

function deepMerge(target: Record<string, unknown>, source: unknown): void {
  if (typeof source !== "object" || source === null || Array.isArray(source)) {
    throw new Error("must hold a JSON object");
  }
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (typeof value === "object" && value !== null && !Array.isArray(value) && typeof existing === "object" && existing !== null) {
      deepMerge(existing as Record<string, unknown>, value);
    } else {
      target[key] = value;
    }
  }
}
