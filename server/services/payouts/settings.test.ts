import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "../../../config/site.ts";
import { systemClock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { parseServerEnv } from "../../env.ts";
import { senderDepsFrom } from "./settings.ts";

describe("the hot wallet's settings", () => {
  const site = loadSiteConfig();
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key).address;
  it("refuses a hot wallet that is not the treasury, before asking the node anything", async () => {
    const env = parseServerEnv(
      {
        NODE_ENV: "test",
        PAYOUT_RPC_URL: "http://127.0.0.1:9",
        PAYOUT_SENDER_KEY: key,
        PAYOUT_TREASURY_ADDRESS: privateKeyToAccount(generatePrivateKey()).address,
      },
      site,
    );
    const deps = senderDepsFrom(env, site, { db: {} as Database, clock: systemClock, report: () => {} });
    await expect(deps).rejects.toMatchObject({ refused: { refusal: "treasury_not_sender", wallet } });
  });
});
