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
