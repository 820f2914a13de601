import { describe, expect, it } from "vitest";
import { historyReply, marketReply } from "../../common/api/market.ts";
import { OPENAPI_PATH } from "../../server/plugins/openapi.ts";
import { useTestApp } from "../helpers/test-app.ts";

describe("GET /api/market without a node: the demo's seeded history, marked as demo", () => {
  const t = useTestApp({ env: { PRICE_FIXED: "0.0000123456", MARKET_CACHE_SECONDS: "10" } });
  const market = () => t.app.inject({ method: "GET", url: `/api/market?app=${t.site.token.slug}` });
  const history = (range: string) => t.app.inject({ method: "GET", url: `/api/market/history?app=${t.site.token.slug}&range=${range}` });

  it("answers figures that say they are demo data and agree with each other", async () => {
    const reply = await market();
    expect(reply.statusCode).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=10, s-maxage=10");
    const body = marketReply.parse(reply.json());
    expect(body.demo).toBe(true);
    expect(body.as_of.block).toBeNull();
    // The price badge's fixed price, exactly.
    expect(body.price).toBe("0.000012345600000000");
    expect(body.total_supply).toBe("1000000000");
    const declared = body.declared.reduce((sum, entry) => sum + BigInt(entry.balance), 0n);
    expect(BigInt(body.circulating_supply)).toBe(1_000_000_000n - declared);
    // Market cap = circulating × price; FDV = total × price (to the cent).
    expect(body.fdv_usd).toBe("12345.60");
    expect(body.market_cap_usd).toBe((Number(body.circulating_supply) * 0.0000123456).toFixed(2));
    expect(body.trades_24h).toBe(body.buys_24h + body.sells_24h);
    expect(body.trades_24h).toBeGreaterThan(30);
    expect(body.rewards).toEqual({ credited: "0", paid_out: "0" });
  });

  it("answers each range in its buckets, the last close at the current price, no empty bucket", async () => {
    const expected = { "24h": ["5m", 288], "7d": ["1h", 168], "30d": ["1d", 30] } as const;
    for (const [range, [interval, count]] of Object.entries(expected)) {
      const body = historyReply.parse((await history(range)).json());
      expect(body.demo).toBe(true);
      expect(body.interval).toBe(interval);
      expect(body.candles.length).toBeGreaterThanOrEqual(count);
      expect(body.candles.length).toBeLessThanOrEqual(count + 1);
      expect(body.candles.at(-1)?.c).toBe("0.000012345600000000");
      for (const candle of body.candles) {
        expect(Number(candle.l)).toBeLessThanOrEqual(Math.min(Number(candle.o), Number(candle.c)));
        expect(Number(candle.h)).toBeGreaterThanOrEqual(Math.max(Number(candle.o), Number(candle.c)));
      }
    }
    const all = historyReply.parse((await history("all")).json());
    expect(all.candles.length).toBeGreaterThan(30);
  });

  it("refuses another app or an unknown range with 400 and err_msg", async () => {
    const wrong = await t.app.inject({ method: "GET", url: "/api/market?app=other" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().err_msg).toMatch(/Unknown app/);
    const range = await history("1y");
    expect(range.statusCode).toBe(400);
    expect(range.json().err_msg).toBe("Choose a range: 24h, 7d, 30d or all.");
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json() as { paths: Record<string, unknown> };
    expect(doc.paths).toHaveProperty("/api/market");
    expect(doc.paths).toHaveProperty("/api/market/history");
  });
});
