import { and, eq, sql } from "drizzle-orm";
import { getAddress } from "viem";
import type { WalletAddressRefusal } from "../../common/api/rewards.ts";
import type { SiteConfig } from "../../config/site.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";
const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export type AddressCheck = { ok: true; address: string } | ({ ok: false } & WalletAddressRefusal);

/**
 * An Ethereum address a user may receive tokens at: all-lowercase (or
 * all-uppercase) hex, or mixed case only with a correct EIP-55 checksum;
 * never the zero address or the token's own contract. Answered checksummed.
 */
export function checkWalletAddress(input: string, site: SiteConfig): AddressCheck {
  const value = input.trim();
  if (!value) return { ok: false, refusal: "address_missing" };
  if (!HEX_ADDRESS.test(value)) return { ok: false, refusal: "not_an_address" };
  const checksummed = getAddress(value.toLowerCase());
  const digits = value.slice(2);
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (mixedCase && value !== checksummed) return { ok: false, refusal: "checksum_mismatch" };
  if (checksummed === ZERO_ADDRESS) return { ok: false, refusal: "zero_address" };
  if (checksummed === site.token.address) return { ok: false, refusal: "token_contract", symbol: site.token.symbol };
  return { ok: true, address: checksummed };
}

/** Replaces the address only if it is still `oldAddress` (case aside), so two tabs cannot overwrite each other unseen. */
export async function updateWalletAddress(db: Database, userId: number, address: string, oldAddress: string): Promise<boolean> {
  const updated = await db
    .update(users)
    // A different address is no longer the one the member proved; the same one keeps its proof.
    .set({
      walletAddress: address,
      walletVerifiedAt: sql`case when ${users.walletAddress} = ${address} then ${users.walletVerifiedAt} end`,
    })
    .where(and(eq(users.id, userId), sql`lower(coalesce(${users.walletAddress}, '')) = ${oldAddress.trim().toLowerCase()}`))
    .returning({ id: users.id });
  return updated.length === 1;
}
