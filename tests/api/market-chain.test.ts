import { type Address, getAddress } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { historyReply, marketReply } from "../../common/api/market.ts";
import { formatRational } from "../../server/services/price/uniswap-v3-math.ts";
import { buildTestApp } from "../helpers/test-app.ts";
import { startAnvil } from "../support/local-chain.ts";
import { type UniswapV3Market, uniswapV3Market } from "../support/uniswap-v3.ts";

const TOKENS = 10n ** 18n;
const USDC = 10n ** 6n;
/** Blocks from an hour before 2030-01-01T00:00Z, so the swaps' times are the test's to choose. */
const T0 = Date.UTC(2030, 0, 1) / 1000;
const BURN: Address = "0x000000000000000000000000000000000000dEaD";

/** USD per token from sqrtPriceX96, worked out here apart from the server: (sqrtP² / 2^192) scaled by the decimals, or its inverse. */
function priceFrom(sqrtPriceX96: bigint, tokenIsToken0: boolean) {
  const squared = sqrtPriceX96 * sqrtPriceX96;
  const q192 = 2n ** 192n;
  return tokenIsToken0 ? { numerator: squared * 10n ** 12n, denominator: q192 } : { numerator: q192, denominator: squared * 10n ** 12n };
}

describe("GET /api/market from the chain index over real Uniswap v3 (anvil)", () => {
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let market: UniswapV3Market;
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  const treasury = privateKeyToAccount(generatePrivateKey()).address;
  const holders = [1, 2, 3].map(() => privateKeyToAccount(generatePrivateKey()).address);
  /** Each swap: its bucket's start, the price it left (from slot0), and the USDC the pool's balance moved. */
  const swaps: Array<{ at: number; price: { numerator: bigint; denominator: bigint }; usdc: bigint; buy: boolean }> = [];

  async function swapAt(at: number, swap: () => Promise<void>, buy: boolean) {
    const before = await market.balanceOf(market.usdc, market.pool);
    await market.test.setNextBlockTimestamp({ timestamp: BigInt(at) });
    await swap();
    const after = await market.balanceOf(market.usdc, market.pool);
    swaps.push({
      at,
      price: priceFrom((await market.slot0()).sqrtPriceX96, market.tokenIsToken0),
      usdc: after > before ? after - before : before - after,
      buy,
    });
  }

  beforeAll(async () => {
    anvil = await startAnvil(["--timestamp", String(T0 - 3600)]);
    market = await uniswapV3Market(anvil.rpcUrl);
    await market.addLiquidity(8_000_000n * TOKENS, 100_000n * USDC);
    await market.transfer(market.deployer, treasury, 300_000_000n * TOKENS);
    await market.transfer(market.deployer, BURN, 1_000_000n * TOKENS);
    for (const [index, holder] of holders.entries()) await market.transfer(market.deployer, holder, BigInt(index + 1) * 1_000n * TOKENS);
    // Two trades in the 00:00-00:05 bucket, one in 00:05-00:10, then nothing for two hours but one trade.
    await swapAt(T0 + 60, () => market.buy(700n * USDC, holders[0]), true);
    await swapAt(T0 + 120, () => market.sell(30_000n * TOKENS), false);
    await swapAt(T0 + 400, () => market.buy(250n * USDC), true);
    await swapAt(T0 + 2 * 3600 + 30, () => market.sell(5_000n * TOKENS), false);
    await market.transfer(holders[0] as Address, holders[1] as Address, 100n * TOKENS);

    t = await buildTestApp({
      env: {
        CHAIN_INDEX_RPC_URL: anvil.rpcUrl,
        CHAIN_INDEX_LOG_RANGE: "7",
        MARKET_DECLARED_ADDRESSES: `treasury:${treasury}:Treasury Safe,burn:${BURN}:Burn address`,
      },
      site: (site) => ({
        ...site,
        token: { ...site.token, address: market.token, decimals: 18 },
        dex: { ...site.dex, poolAddress: market.pool, quoteAddress: market.usdc, quoteDecimals: 6 },
      }),
    });
    expect(await t.app.jobs.runNow("chain-index")).toBe("ran");
  });
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });

  it("answers the price, volume, liquidity, supplies and holders the chain has", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market?app=${t.site.token.slug}` });
    expect(reply.statusCode).toBe(200);
    const body = marketReply.parse(reply.json());
    const head = await market.client.getBlock({ blockTag: "latest" });
    expect(body.demo).toBe(false);
    expect(body.as_of).toEqual({ block: head.number.toString(), time: new Date(Number(head.timestamp) * 1000).toISOString() });

    const price = priceFrom((await market.slot0()).sqrtPriceX96, market.tokenIsToken0);
    expect(body.price).toBe(formatRational(price, 18));
    // The last block is two hours after the first trades: all four are within 24 h, and nothing traded before them.
    expect(body.trades_24h).toBe(4);
    expect([body.buys_24h, body.sells_24h]).toEqual([2, 2]);
    const volume = swaps.reduce((sum, swap) => sum + swap.usdc, 0n);
    expect(body.volume_24h_usd).toBe(formatRational({ numerator: volume, denominator: USDC }, 2));
    expect(body.price_24h_ago).toBeNull();

    const poolToken = await market.balanceOf(market.token, market.pool);
    const poolUsdc = await market.balanceOf(market.usdc, market.pool);
    const liquidity = {
      numerator: poolToken * price.numerator * USDC + poolUsdc * price.denominator * TOKENS,
      denominator: price.denominator * TOKENS * USDC,
    };
    expect(body.liquidity_usd).toBe(formatRational(liquidity, 2));

    const total = await market.totalSupply();
    const declared = (await market.balanceOf(market.token, treasury)) + (await market.balanceOf(market.token, BURN));
    expect(body.total_supply).toBe((total / TOKENS).toString());
    expect(body.circulating_supply).toBe(((total - declared) / TOKENS).toString());
    expect(body.fdv_usd).toBe(formatRational({ numerator: total * price.numerator, denominator: price.denominator * TOKENS }, 2));
    expect(body.declared.map((entry) => [entry.kind, entry.address, entry.balance])).toEqual([
      ["treasury", treasury, "300000000"],
      ["burn", BURN, "1000000"],
    ]);

    // Holders: every address with tokens, the declared ones apart (deployer, pool, the three holders, the router never holds).
    const candidates = [market.deployer, market.pool, market.router, ...holders];
    const held = [];
    for (const holder of candidates) {
      const balance = await market.balanceOf(market.token, holder);
      if (balance > 0n) held.push(balance);
    }
    expect(body.holders).toBe(held.length);
    const top10 = held
      .sort((a, b) => (a > b ? -1 : 1))
      .slice(0, 10)
      .reduce((sum, balance) => sum + balance, 0n);
    expect(body.top10_share_percent).toBe(formatRational({ numerator: top10 * 100n, denominator: total - declared }, 2));
  });

  it("answers 5-minute candles: a bucket's OHLC from its trades, the last price carried over empty buckets", async () => {
    const reply = await t.app.inject({ method: "GET", url: `/api/market/history?app=${t.site.token.slug}&range=24h` });
    const body = historyReply.parse(reply.json());
    expect(body.interval).toBe("5m");
    const bucket = (at: number) => body.candles.find((candle) => candle.t === new Date(at * 1000).toISOString());
    const [first, second, third, fourth] = swaps.map((swap) => formatRational(swap.price, 18));
    // 00:00-00:05: a buy then a sell. Its open is its first trade's price (no earlier trade).
    const opening = bucket(T0);
    expect(opening).toMatchObject({ o: first, c: second });
    expect(opening?.h).toBe([first, second].sort((a, b) => Number(b) - Number(a))[0]);
    expect(opening?.l).toBe([first, second].sort((a, b) => Number(a) - Number(b))[0]);
    expect(opening?.volume_usd).toBe(formatRational({ numerator: (swaps[0]?.usdc ?? 0n) + (swaps[1]?.usdc ?? 0n), denominator: USDC }, 2));
    // 00:05-00:10: opens at the previous close.
    expect(bucket(T0 + 300)).toMatchObject({ o: second, c: third });
    // 01:00: no trade, the last price carried over.
    expect(bucket(T0 + 3600)).toEqual({
      t: new Date((T0 + 3600) * 1000).toISOString(),
      o: third,
      h: third,
      l: third,
      c: third,
      volume_usd: "0.00",
    });
    expect(bucket(T0 + 7200)).toMatchObject({ o: third, c: fourth });
    // Nothing before the first trade: the history starts at its bucket.
    expect(body.candles[0]?.t).toBe(new Date(T0 * 1000).toISOString());
    expect(getAddress(market.pool)).toBe(market.pool);
  });
});
