import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../config/site.ts";
import { EnvError, parseServerEnv } from "./env.ts";

const demoSite = loadSiteConfig({});
/** What `openssl rand -hex 32` and `openssl rand -hex 16` print. */
const REAL_SECRET = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
const REAL_TOKEN = "5e884898da28047151d0e56f8dc62927";
const productionSite = loadSiteConfig({
  TOKEN_ADDRESS: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  DEX_POOL_ADDRESS: "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
  LEGAL_EMAIL: "hello@kestrel.io",
  SITE_ORIGIN: "https://kestrel.example",
});

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

const REAL_SMTP_URL = "smtps://postmaster:Zq8s7vT2pLm4@smtp.mailgun.org:465";

describe("parseServerEnv", () => {
  it("runs the demo with no settings at all", () => {
    const env = parseServerEnv({}, demoSite);
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, PGLITE_DIR: ".data/pglite", TRUST_PROXY: [] });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("reads trusted proxies as a list", () => {
    expect(parseServerEnv({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8" }, demoSite).TRUST_PROXY).toEqual(["127.0.0.1", "10.0.0.0/8"]);
  });

  it("refuses to start production without what it needs, one line per setting", () => {
    const problems = problemsOf(() => parseServerEnv({ NODE_ENV: "production", DEMO_DATA: "1" }, demoSite));
    expect(problems).toEqual([
      "DATABASE_URL: required in production (a PostgreSQL server)",
      "SESSION_SECRET: required in production (at least 32 random characters)",
      "SMTP_URL: required in production (members' verification and password-reset emails go through it)",
      "DEMO_DATA: demo data is never seeded in production",
      "TOKEN_ADDRESS: still the demo placeholder; set the token's real contract address",
      "DEX_POOL_ADDRESS: still the demo placeholder; set the token's real pool address",
      "LEGAL_EMAIL: hello@kestrel.example cannot receive mail; set the address readers write to",
      "SITE_ORIGIN: must be the site's public https origin (now http://localhost:3000)",
    ]);
  });

  it("refuses another token's production with the demo's social accounts, one line each", () => {
    const osprey = loadSiteConfig({
      TOKEN_NAME: "Osprey",
      TOKEN_SLUG: "osprey",
      TOKEN_ADDRESS: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
      DEX_POOL_ADDRESS: "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
      LEGAL_EMAIL: "hello@osprey.io",
      SITE_ORIGIN: "https://osprey.example",
      SOCIAL_X: "https://x.com/osprey",
    });
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@db/osprey",
      SESSION_SECRET: REAL_SECRET,
      SMTP_URL: REAL_SMTP_URL,
      MAIL_FROM: "hello@osprey.io",
    };
    expect(problemsOf(() => parseServerEnv(production, osprey))).toEqual([
      "SOCIAL_TELEGRAM: still the demo token's account (https://t.me/kestreltoken); set your own",
      "SOCIAL_DISCORD: still the demo token's account (https://discord.gg/kestreltoken); set your own",
      "SOCIAL_YOUTUBE: still the demo token's account (https://www.youtube.com/@kestreltoken); set your own",
    ]);
  });

  it("starts production when everything is set", () => {
    const env = parseServerEnv(
      {
        NODE_ENV: "production",
        DATABASE_URL: "postgres://app@db/kestrel",
        SESSION_SECRET: REAL_SECRET,
        METRICS_TOKEN: REAL_TOKEN,
        SMTP_URL: REAL_SMTP_URL,
        MAIL_FROM: "Kestrel <hello@kestrel.io>",
      },
      productionSite,
    );
    expect(env.NODE_ENV).toBe("production");
  });

  it.each<[string, { NODE_ENV?: string }]>([
    ["no NODE_ENV", {}],
    ["development", { NODE_ENV: "development" }],
    ["test", { NODE_ENV: "test" }],
  ])("refuses a public https origin outside production (%s), so a forgotten NODE_ENV cannot skip production's checks", (_, nodeEnv) => {
    const problems = problemsOf(() =>
      parseServerEnv(
        { ...nodeEnv, DATABASE_URL: "postgres://app@db/kestrel", SMTP_URL: REAL_SMTP_URL, MAIL_FROM: "hello@kestrel.io" },
        productionSite,
      ),
    );
    expect(problems).toEqual([
      `NODE_ENV: must be production when SITE_ORIGIN is a public https origin (now ${nodeEnv.NODE_ENV ?? "development"}); set NODE_ENV=production, or SITE_ORIGIN=http://localhost:PORT for development`,
    ]);
  });

  it("runs development at an https localhost origin", () => {
    expect(parseServerEnv({}, loadSiteConfig({ SITE_ORIGIN: "https://localhost:3443" })).NODE_ENV).toBe("development");
  });

  it("refuses the example file's placeholders and guessable secrets in production, one line per setting", () => {
    const problems = problemsOf(() =>
      parseServerEnv(
        {
          NODE_ENV: "production",
          DATABASE_URL: "postgres://kestrel:change-me@127.0.0.1:5432/kestrel",
          SESSION_SECRET: "replace-with-48-random-characters-from-openssl-rand",
          METRICS_TOKEN: "replace-with-32-random-characters",
          PRICE_SOURCE: "uniswap-v3",
          PRICE_RPC_URL: "https://your-ethereum-rpc.example",
          SMTP_URL: "smtps://user:password@smtp.example:465",
          MAIL_FROM: "Kestrel <hello@kestrel.example>",
        },
        productionSite,
      ),
    );
    expect(problems).toEqual([
      "SESSION_SECRET: still the example's placeholder; generate one with `openssl rand -hex 32`",
      "METRICS_TOKEN: still the example's placeholder; generate one with `openssl rand -hex 32`",
      "DATABASE_URL: still the example's placeholder; set the real address and password",
      "PRICE_RPC_URL: still the example's placeholder; set the real address and password",
      "SMTP_URL: still the example's placeholder; set the real address and password",
    ]);
  });

  it.each([
    ["one character repeated", "s".repeat(40)],
    ["a short alphabet repeated", "abab".repeat(10)],
    ["one word repeated", "kestrel".repeat(6)],
  ])("refuses a session secret that is %s", (_, secret) => {
    const problems = problemsOf(() =>
      parseServerEnv(
        {
          NODE_ENV: "production",
          DATABASE_URL: "postgres://app@db/kestrel",
          SESSION_SECRET: secret,
          SMTP_URL: REAL_SMTP_URL,
          MAIL_FROM: "hello@kestrel.io",
        },
        productionSite,
      ),
    );
    expect(problems).toEqual(["SESSION_SECRET: too predictable; generate one with `openssl rand -hex 32`"]);
  });

  it("refuses a short session secret and a bad port", () => {
    const problems = problemsOf(() => parseServerEnv({ SESSION_SECRET: "short", PORT: "99999" }, demoSite));
    expect(problems.some((problem) => problem.startsWith("SESSION_SECRET"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith("PORT"))).toBe(true);
  });
});
