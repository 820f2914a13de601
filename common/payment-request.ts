import type { PageSiteConfig } from "../config/site.ts";

/**
 * An EIP-681 payment request for the token: a call of `transfer(address,
 * uint256)` on the token's contract, on its chain, with the amount in base
 * units (whole tokens × 10^decimals, exact in BigInt).
 */
export function paymentRequestUri(site: PageSiteConfig, { recipient, tokens }: { recipient: string; tokens: bigint }): string {
  const baseUnits = tokens * 10n ** BigInt(site.token.decimals);
  return `ethereum:${site.token.address}@${site.token.chainId}/transfer?address=${recipient}&uint256=${baseUnits}`;
}

/**
 * The guide's example request pays the zero address: a standard ERC-20
 * refuses a transfer to it, so a reader who pays the example by mistake loses
 * no tokens.
 */
export const EXAMPLE_RECIPIENT = "0x0000000000000000000000000000000000000000";
export const EXAMPLE_TOKENS = 25n;
