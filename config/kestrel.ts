/**
 * The demo token's configuration: what `loadSiteConfig` starts from before
 * files and environment variables. Texts name the token as `{{token.name}}`,
 * `{{token.symbol}}`, `{{token.slug}}` and `{{token.chainName}}`, so a team that sets only its
 * token's name and symbol never shows the demo's.
 */

/** Shipped so the demo runs; the first thing an operator replaces (production refuses it). */
export const PLACEHOLDER_TOKEN_ADDRESS = "0x4b3e5a1A9C4e0f2d7e8b6a5C3d2E1F0A9b8c7D6E";
/** The demo's token/USDC pool: a placeholder too, which production refuses. */
export const PLACEHOLDER_POOL_ADDRESS = "0x7d2a6c4f3B1e8a9D0C5b6e7f8A9B0c1d2E3F4a5B";

export const defaultSiteConfig = {
  token: {
    name: "Kestrel",
    symbol: "KSTL",
    slug: "kestrel",
    address: PLACEHOLDER_TOKEN_ADDRESS,
    decimals: 18,
    chainId: 1,
    chainName: "Ethereum Mainnet",
    logo: "/brand/logo.svg",
  },
  site: {
    origin: "http://localhost:3000",
    tagline: "A community token with a daily reward",
    description:
      "{{token.name}} ({{token.symbol}}) is an ERC-20 token on {{token.chainName}}. Check its live price, learn to hold it safely with step-by-step wallet guides, and claim a daily reward.",
    about:
      "{{token.name}} is run by a small, independent team of engineers and community builders. We started it to give newcomers a calm, honest way into self-custody: clear wallet guides, a public contract anyone can read, and a rewards program with simple rules.",
    colors: { ink: "#0f1d33", brand: "#b24a1f", highlight: "#f2b84b", background: "#fbf8f4" },
  },
  explorer: { name: "Etherscan", baseUrl: "https://etherscan.io" },
  dex: {
    name: "Uniswap",
    poolAddress: PLACEHOLDER_POOL_ADDRESS,
    quoteSymbol: "USDC",
    quoteAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    quoteDecimals: 6,
    feeTierPercent: "1",
    positionManagerAddress: "0xC36442b4a4522E871399CD717aBDD847Ab11FE88",
    appUrl: "https://app.uniswap.org",
  },
  socials: {
    x: "https://x.com/kestreltoken",
    telegram: "https://t.me/kestreltoken",
    discord: "https://discord.gg/kestreltoken",
    youtube: "https://www.youtube.com/@kestreltoken",
  },
  contact: {
    endpoint: "/api/contact",
    accessKey: "{{token.slug}}-site-contact-form",
    subject: "New message from the {{token.name}} website",
  },
  rewards: {
    dailyAmount: 100,
    referralBonus: 10,
    referralAfterFirstQuiz: false,
    minTransfer: 10000,
    claimIntervalHours: 24,
    specialDays: [
      { date: "2026-12-25", multiplier: 3 },
      { date: "2027-01-01", multiplier: 2 },
    ],
    quizTokens: 50,
    quizXp: 100,
    claimXp: 10,
    quizCooldownMinutes: 60,
    chainQuests: [
      { id: "first-buy", kind: "buy", xp: 100, tokens: 50, period: "once" },
      { id: "hold-week", kind: "hold", minTokens: 1000, days: 7, xp: 150, tokens: 100, period: "month" },
      { id: "provide-liquidity", kind: "liquidity", xp: 200, tokens: 100, period: "once" },
      {
        id: "revoke-router",
        kind: "revoke",
        spender: "0xE592427A0AEce92De3Edee1F18E0157C05861564",
        spenderName: "the Uniswap swap router",
        xp: 100,
        tokens: 25,
        period: "once",
      },
    ],
    streakReminderHours: 4,
    streakMilestones: [
      { days: 7, bonus: 50 },
      { days: 30, bonus: 300 },
      { days: 100, bonus: 1500 },
    ],
  },
  legal: {
    operator: "{{token.name}} Project",
    email: "hello@{{token.slug}}.example",
    minimumAge: 18,
    updated: "2026-11-26",
  },
  signups: "coming-soon",
} as const;
