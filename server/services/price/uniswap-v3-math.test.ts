import { describe, expect, it } from "vitest";
import { sqrtBigint } from "../../../tests/support/big-math.ts";
import { formatRational, parseDecimal, tokenPriceFromSqrtPrice } from "./uniswap-v3-math.ts";

/** sqrtPriceX96 for a raw price (token1 base units per token0 base unit) that is a perfect square ratio. */
function sqrtPriceX96(rawPriceNumerator: bigint, rawPriceDenominator: bigint): bigint {
  // sqrt(n/d) × 2^96, exact when n and d are perfect squares.
  return (sqrtBigint(rawPriceNumerator) * 2n ** 96n) / sqrtBigint(rawPriceDenominator);
}

describe("tokenPriceFromSqrtPrice", () => {
  it("prices token0 when the token is token0 (18 decimals) against a 6-decimal stablecoin", () => {
    // 1 token = 2.25 USDC: raw = 2.25e6 / 1e18 = 225 / 1e14 → sqrt = 15 / 1e7.
    const price = tokenPriceFromSqrtPrice({
      sqrtPriceX96: sqrtPriceX96(225n, 10n ** 14n),
      decimals0: 18,
      decimals1: 6,
      tokenIsToken0: true,
    });
    expect(formatRational(price, 10)).toBe("2.2500000000");
  });

  it("prices token1 when the token is token1 (the stablecoin is token0)", () => {
    // USDC (6) is token0, the token (18) is token1; 1 token = 0.25 USDC → 4 tokens per USDC:
    // raw token1 per token0 = 4e18 / 1e6 = 4e12 → sqrt = 2e6.
    const price = tokenPriceFromSqrtPrice({ sqrtPriceX96: 2_000_000n * 2n ** 96n, decimals0: 6, decimals1: 18, tokenIsToken0: false });
    expect(formatRational(price, 10)).toBe("0.2500000000");
  });

  it("keeps a very small price exact to 10 decimals", () => {
    // 1 token = 0.0000123456 USDC, token0 (18) / token1 (6): raw = 0.0000123456e6 / 1e18 = 123456 / 1e22.
    // Not a perfect square: compare against the exact rational of the sqrt actually used.
    const sqrt = sqrtPriceX96(123_456n * 10n ** 10n, 10n ** 32n);
    const price = tokenPriceFromSqrtPrice({ sqrtPriceX96: sqrt, decimals0: 18, decimals1: 6, tokenIsToken0: true });
    expect(formatRational(price, 10)).toBe("0.0000123456");
  });

  it("handles equal decimals and a price above one", () => {
    // Both 18 decimals, 1 token = 1,600 quote: raw 1600 → sqrt 40.
    const price = tokenPriceFromSqrtPrice({ sqrtPriceX96: 40n * 2n ** 96n, decimals0: 18, decimals1: 18, tokenIsToken0: true });
    expect(formatRational(price, 10)).toBe("1600.0000000000");
    const inverse = tokenPriceFromSqrtPrice({ sqrtPriceX96: 40n * 2n ** 96n, decimals0: 18, decimals1: 18, tokenIsToken0: false });
    expect(formatRational(inverse, 10)).toBe("0.0006250000");
  });

  it("refuses a pool without a price", () => {
    expect(() => tokenPriceFromSqrtPrice({ sqrtPriceX96: 0n, decimals0: 18, decimals1: 6, tokenIsToken0: true })).toThrow("no price");
  });
});

describe("formatRational and parseDecimal", () => {
  it("rounds half up at the last place", () => {
    expect(formatRational({ numerator: 5n, denominator: 10n ** 11n }, 10)).toBe("0.0000000001");
    expect(formatRational({ numerator: 4n, denominator: 10n ** 11n }, 10)).toBe("0.0000000000");
    expect(formatRational({ numerator: 1n, denominator: 3n }, 10)).toBe("0.3333333333");
    expect(formatRational({ numerator: 2n, denominator: 3n }, 2)).toBe("0.67");
  });

  it("reads configured decimals exactly", () => {
    expect(formatRational(parseDecimal("0.0000123456"), 10)).toBe("0.0000123456");
    expect(formatRational(parseDecimal("12"), 3)).toBe("12.000");
    expect(() => parseDecimal("1e-5")).toThrow();
  });
});
