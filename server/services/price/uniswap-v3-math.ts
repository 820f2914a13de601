/** An exact positive rational number: price math never touches a float. */
export type Rational = { numerator: bigint; denominator: bigint };

const Q192 = 2n ** 192n;

/**
 * The token's price in the quote token from a Uniswap v3 pool's
 * sqrtPriceX96 (the square root of token1/token0 in base units, times 2^96).
 * token0's price in token1 = sqrtPriceX96² / 2^192 × 10^(decimals0 − decimals1);
 * token1's price in token0 is its inverse.
 */
export function tokenPriceFromSqrtPrice({
  sqrtPriceX96,
  decimals0,
  decimals1,
  tokenIsToken0,
}: {
  sqrtPriceX96: bigint;
  decimals0: number;
  decimals1: number;
  tokenIsToken0: boolean;
}): Rational {
  if (sqrtPriceX96 <= 0n) throw new Error("The pool has no price yet (sqrtPriceX96 is 0)");
  const squared = sqrtPriceX96 * sqrtPriceX96;
  const scale0 = 10n ** BigInt(decimals0);
  const scale1 = 10n ** BigInt(decimals1);
  return tokenIsToken0
    ? { numerator: squared * scale0, denominator: Q192 * scale1 }
    : { numerator: Q192 * scale1, denominator: squared * scale0 };
}

/** The rational as a decimal string with `decimals` places, rounded half up: "0.0000123456". */
export function formatRational({ numerator, denominator }: Rational, decimals: number): string {
  const scaled = (numerator * 10n ** BigInt(decimals) * 2n + denominator) / (2n * denominator);
  const digits = scaled.toString().padStart(decimals + 1, "0");
  return decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** A decimal string from configuration ("0.0000123456") as an exact rational. */
export function parseDecimal(value: string): Rational {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`"${value}" is not a decimal number`);
  const fraction = match[2] ?? "";
  return { numerator: BigInt(`${match[1]}${fraction}`), denominator: 10n ** BigInt(fraction.length) };
}
