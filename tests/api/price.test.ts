import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_UNAVAILABLE } from "../../common/api/price.ts";
import { systemClock } from "../../server/clock.ts";
import { PriceCache } from "../../server/services/price/price-cache.ts";
import { databaseSharedPrice } from "../../server/services/price/shared-price.ts";
import { fixedPriceSource, uniswapV3PriceSource } from "../../server/services/price/sources.ts";
import { buildTestApp, useTestApp } from "../helpers/test-app.ts";
import { sqrtBigint } from "../support/big-math.ts";
import { compileFixtures, devWallet, startAnvil } from "../support/local-chain.ts";

const quietLog = { info: () => {}, warn: () => {} };
const Q96 = 2n ** 96n;

async function until<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("GET /api/{product}-price with the fixed demo source", () => {
  it("answers the configured number with a CDN-friendly Cache-Control", async () => {
    const t = await buildTestApp({ env: { PRICE_FIXED: "0.0000123456", PRICE_REFRESH_SECONDS: "30" } });
    try {
      const url = `/api/${t.site.token.slug}-price`;
      const reply = await until(
        () => t.app.inject({ method: "GET", url }),
        (candidate) => candidate.statusCode === 200,
      );
      expect(reply.json()).toEqual({ [`${t.site.token.slug}_price`]: 0.0000123456 });
      expect(reply.headers["cache-control"]).toBe("public, max-age=30, s-maxage=30, stale-while-revalidate=30");
      expect(reply.headers["content-type"]).toBe("application/json; charset=utf-8");
    } finally {
      await t.close();
    }
  });

  it("answers 503 with err_msg before any value exists", async () => {
    const failing = new PriceCache({
      source: { description: "down", read: () => Promise.reject(new Error("upstream down")) },
      refreshMs: 60_000,
      clock: systemClock,
      log: quietLog,
    });
    const t = await buildTestApp({ prices: failing });
    try {
      await failing.refresh();
      const reply = await t.app.inject({ method: "GET", url: `/api/${t.site.token.slug}-price` });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ err_msg: PRICE_UNAVAILABLE });
      expect(reply.headers["cache-control"]).toBe("no-store");
    } finally {
      await t.close();
    }
  });

  it("reads the upstream once however many refreshes are asked for at the same time", async () => {
    let reads = 0;
    const cache = new PriceCache({
      source: {
        description: "slow",
        read: async () => {
          reads++;
          await new Promise((resolve) => setTimeout(resolve, 50));
          return fixedPriceSource("1.5").read();
        },
      },
      refreshMs: 60_000,
      clock: systemClock,
      log: quietLog,
    });
    await Promise.all(Array.from({ length: 20 }, () => cache.refresh()));
    expect(reads).toBe(1);
    expect(cache.current()?.price).toBe("1.500000000000000000");
  });
});

/** sqrtPriceX96 for `quotePerToken` quote tokens (6 decimals) per token (18 decimals), in the pool's token order. */
function sqrtPriceFor(quotePerToken: bigint, tokenIsToken0: boolean): bigint {
  // token0 priced in token1, base units: quote×1e6/1e18 when the token is token0, else its inverse.
  return tokenIsToken0
    ? (sqrtBigint(quotePerToken * 10n ** 6n) * Q96) / 10n ** 9n
    : (10n ** 9n * Q96) / sqrtBigint(quotePerToken * 10n ** 6n);
}

describe("an upstream that never answers", () => {
  it("is given up on after the configured timeout", async () => {
    const { createServer } = await import("node:net");
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const source = uniswapV3PriceSource({
      rpcUrl: `http://127.0.0.1:${port}`,
      poolAddress: "0x7d2a6c4f3B1e8a9D0C5b6e7f8A9B0c1d2E3F4a5B",
      tokenAddress: "0x4b3e5a1A9C4e0f2d7e8b6a5C3d2E1F0A9b8c7D6E",
      timeoutMs: 300,
    });
    const started = performance.now();
    await expect(source.read()).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(3_000);
    silent.close();
  });
});

describe("the price read from a Uniswap v3 pool on a real local Ethereum node", () => {
  let chain: Awaited<ReturnType<typeof startAnvil>>;
  let pool: `0x${string}`;
  let token: `0x${string}`;
  let tokenIsToken0 = false;
  let wallet: ReturnType<typeof devWallet>;
  let poolAbi: ReturnType<typeof compileFixtures>[string]["abi"];

  beforeAll(async () => {
    const contracts = compileFixtures();
    chain = await startAnvil();
    wallet = devWallet(chain.rpcUrl);
    const tokenContract = contracts.TestToken as NonNullable<(typeof contracts)["TestToken"]>;
    const poolContract = contracts.TestPool as NonNullable<(typeof contracts)["TestPool"]>;
    poolAbi = poolContract.abi;
    token = await wallet.deploy(tokenContract, ["Kestrel", "KSTL", 18, 10n ** 27n]);
    const usdc = await wallet.deploy(tokenContract, ["USD Coin", "USDC", 6, 10n ** 15n]);
    // As in Uniswap, token0 is the lower address; the service must handle either order.
    tokenIsToken0 = BigInt(token) < BigInt(usdc);
    const [token0, token1] = tokenIsToken0 ? [token, usdc] : [usdc, token];
    pool = await wallet.deploy(poolContract, [token0, token1, sqrtPriceFor(1n, tokenIsToken0)]);
  }, 60_000);

  afterAll(async () => {
    await chain?.stop();
  });

  it("refuses a pool that does not hold the token", async () => {
    const source = uniswapV3PriceSource({
      rpcUrl: chain.rpcUrl,
      poolAddress: pool,
      tokenAddress: "0x000000000000000000000000000000000000dEaD",
      timeoutMs: 1_000,
    });
    await expect(source.read()).rejects.toThrow(/does not hold the token/);
  });

  it("serves the pool's price, picks up a new price in the background, and keeps the last good value when the node stops", async () => {
    const prices = new PriceCache({
      source: uniswapV3PriceSource({ rpcUrl: chain.rpcUrl, poolAddress: pool, tokenAddress: token, timeoutMs: 1_000 }),
      refreshMs: 200,
      clock: systemClock,
      log: quietLog,
    });
    const t = await buildTestApp({ prices });
    const field = `${t.site.token.slug}_price`;
    const read = async () =>
      (await t.app.inject({ method: "GET", url: `/api/${t.site.token.slug}-price` })).json()[field] as number | undefined;
    try {
      expect(await until(read, (price) => price !== undefined)).toBe(1);

      await wallet.write(pool, poolAbi, "setSqrtPriceX96", [sqrtPriceFor(4n, tokenIsToken0)]);
      expect(await until(read, (price) => price === 4)).toBe(4);

      await chain.stop();
      await prices.refresh();
      expect(await read()).toBe(4);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe("instances sharing one upstream through the database", () => {
  const t = useTestApp();

  it("read the upstream once per interval between them, and both serve its price", async () => {
    let reads = 0;
    const source = {
      description: "counting",
      read: async () => {
        reads++;
        return fixedPriceSource("2.5").read();
      },
    };
    const instances = [0, 1, 2].map(
      () =>
        new PriceCache({
          source,
          refreshMs: 60_000,
          clock: t.clock,
          log: quietLog,
          shared: databaseSharedPrice({ db: t.database.db, clock: t.clock, source: "test:counting" }),
        }),
    );
    for (const instance of instances) await instance.refresh();
    expect(reads).toBe(1);
    for (const instance of instances) await instance.refresh();
    expect(reads).toBe(1);
    expect(instances.map((instance) => instance.current()?.price)).toEqual(Array(3).fill("2.500000000000000000"));
    t.clock.advance(60_001);
    await Promise.all(instances.map((instance) => instance.refresh()));
    expect(reads).toBe(2);
  });
});

describe("an instance that starts while another holds the lease", () => {
  const t = useTestApp();

  it("reads the upstream itself when nothing has been stored yet, instead of staying empty", async () => {
    const holder = databaseSharedPrice({ db: t.database.db, clock: t.clock, source: "test:late" });
    expect(await holder.tryLease(60_000)).toBe(true);
    const late = new PriceCache({
      source: fixedPriceSource("3"),
      refreshMs: 60_000,
      clock: t.clock,
      log: quietLog,
      shared: databaseSharedPrice({ db: t.database.db, clock: t.clock, source: "test:late" }),
    });
    await late.refresh();
    expect(late.current()?.price).toBe("3.000000000000000000");
  });
});
