import { site } from "../site.ts";

/** "12345" → "12,345 KSTL". Amounts are whole-token decimal strings; BigInt keeps them exact. */
export function formatTokens(amount: string | bigint): string {
  return `${BigInt(amount).toLocaleString("en-US")} ${site.token.symbol}`;
}

/** Whole percent of `target` reached, capped at 100. */
export function percentOf(amount: string, target: number): number {
  const percent = (BigInt(amount) * 100n) / BigInt(target);
  return Number(percent > 100n ? 100n : percent < 0n ? 0n : percent);
}

/**
 * What `amount` tokens are worth at `price` dollars each, exact to the price's
 * 10 shown decimals: "$12.34", or "$0.0066" below a dollar, or "less than $0.0001".
 */
export function formatUsdValue(amount: string, price: number): string {
  const [whole = "0", fraction = ""] = price.toFixed(10).split(".");
  const tenBillionths = BigInt(amount) * BigInt(whole + fraction.padEnd(10, "0"));
  const cents = tenBillionths / 100_000_000n;
  if (cents >= 100n) return `$${(cents / 100n).toLocaleString("en-US")}.${String(cents % 100n).padStart(2, "0")}`;
  const tenThousandths = tenBillionths / 1_000_000n;
  if (tenThousandths === 0n) return tenBillionths === 0n ? "$0.00" : "less than $0.0001";
  return `$0.${String(tenThousandths).padStart(4, "0")}`;
}

/** Whole days until `amount` reaches `target` at `perDay` a day; 0 once reached. */
export function daysToReach(amount: string, target: number, perDay: string): number {
  const missing = BigInt(target) - BigInt(amount);
  if (missing <= 0n) return 0;
  const rate = BigInt(perDay);
  return Number((missing + rate - 1n) / rate);
}
