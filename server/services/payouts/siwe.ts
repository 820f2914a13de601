import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Address, getAddress, type Hex, verifyMessage } from "viem";
import { parseSiweMessage } from "viem/siwe";
import type { SiweRefusal } from "../../../common/api/payouts.ts";
import type { WalletAddressRefusal } from "../../../common/api/rewards.ts";
import type { SiteConfig } from "../../../config/site.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { noteSharedWallet } from "../fairness/risk-signals.ts";
import { checkWalletAddress } from "../wallet-address.ts";

/** How long a nonce may wait for its signature, and how old a message's issued-at may be. */
export const SIWE_NONCE_TTL_MS = 10 * 60_000;
/** Clocks of phones and servers drift; a message issued slightly "in the future" is still this one. */
const CLOCK_SKEW_MS = 60_000;
/** Two tabs may each ask for a nonce; more live ones than this per session are not needed. */
const LIVE_NONCES_PER_SESSION = 4;

/** Checks a signature: offline for plain accounts, or through a node that also knows smart-contract wallets (ERC-1271, ERC-6492). */
export type SignatureVerifier = (input: { address: Address; message: string; signature: Hex }) => Promise<boolean>;

export const offlineSignatureVerifier: SignatureVerifier = async (input) => {
  try {
    return await verifyMessage(input);
  } catch {
    return false;
  }
};

export type SiweDeps = { db: Database; clock: Clock; site: SiteConfig; verifySignature: SignatureVerifier };

/** A random nonce for this session's next signature; the oldest live ones beyond a few are forgotten. */
export async function issueSiweNonce({ db, clock }: Pick<SiweDeps, "db" | "clock">, sessionIdHash: string): Promise<string> {
  const nonce = randomBytes(16).toString("hex");
  const now = clock.now();
  await db.execute(sql`
    with fresh as (
      insert into siwe_nonces (nonce, session_id_hash, expires_at) values (${nonce}, ${sessionIdHash}, ${new Date(now.getTime() + SIWE_NONCE_TTL_MS)})
      returning nonce
    )
    delete from siwe_nonces
     where session_id_hash = ${sessionIdHash}
       and (expires_at <= ${now} or used_at is not null or nonce not in (
         select nonce from siwe_nonces where session_id_hash = ${sessionIdHash} and used_at is null
          order by expires_at desc limit ${LIVE_NONCES_PER_SESSION - 1}))`);
  return nonce;
}

export type VerifyWalletResult = { ok: true; address: string; verifiedAt: Date } | ({ ok: false } & (SiweRefusal | WalletAddressRefusal));

/**
 * Accepts a signed EIP-4361 message as proof that the member controls the
 * address: the site's domain and origin, the configured chain, this session's
 * unused and unexpired nonce, the message's own times, then the signature.
 * One statement uses up the nonce and stores the address as verified.
 */
export async function verifyWallet(
  deps: SiweDeps,
  input: {
    userId: number;
    sessionIdHash: string;
    message: string;
    signature: Hex;
    /** Origins the message may name besides the configured one (outside production: the address the site was reached at). */
    extraOrigins?: string[];
  },
): Promise<VerifyWalletResult> {
  const { db, clock, site } = deps;
  const now = clock.now();
  const refuse = (refusal: Exclude<SiweRefusal["refusal"], "other_chain">) => ({ ok: false, refusal }) as const;

  const fields = parseSiweMessage(input.message);
  if (!fields.address || !fields.domain || !fields.uri || !fields.nonce || !fields.issuedAt || fields.version !== "1" || !fields.chainId)
    return refuse("siwe_malformed");
  const origins = [site.site.origin, ...(input.extraOrigins ?? [])];
  const origin = origins.find((candidate) => new URL(candidate).host === fields.domain);
  if (!origin) return refuse("other_site");
  if (!sameOrigin(fields.uri, origin)) return refuse("other_site");
  if (fields.chainId !== site.token.chainId)
    return { ok: false, refusal: "other_chain", symbol: site.token.symbol, chainName: site.token.chainName };

  const issuedAt = fields.issuedAt.getTime();
  if (Number.isNaN(issuedAt) || issuedAt > now.getTime() + CLOCK_SKEW_MS || issuedAt < now.getTime() - SIWE_NONCE_TTL_MS)
    return refuse("signing_expired");
  if (fields.expirationTime && !(fields.expirationTime.getTime() > now.getTime())) return refuse("signing_expired");
  if (fields.notBefore && !(fields.notBefore.getTime() <= now.getTime() + CLOCK_SKEW_MS)) return refuse("signing_expired");

  const [live] = await queryRows<{ nonce: string }>(
    db,
    sql`select nonce from siwe_nonces
         where nonce = ${fields.nonce} and session_id_hash = ${input.sessionIdHash} and used_at is null and expires_at > ${now}`,
  );
  if (!live) return refuse("nonce_spent");

  const address = checkWalletAddress(fields.address, site);
  if (!address.ok) return address;
  if (!(await deps.verifySignature({ address: getAddress(fields.address), message: input.message, signature: input.signature })))
    return refuse("signature_mismatch");

  try {
    const [row] = await queryRows<{ verified_at: Date | null }>(
      db,
      sql`
        with used as (
          update siwe_nonces set used_at = ${now}
           where nonce = ${fields.nonce} and session_id_hash = ${input.sessionIdHash} and used_at is null and expires_at > ${now}
          returning nonce
        ), verified as (
          update users set wallet_address = ${address.address}, wallet_verified_at = ${now}
           where id = ${input.userId} and exists (select 1 from used)
          returning wallet_verified_at
        )
        select (select wallet_verified_at from verified) as verified_at`,
    );
    if (!row?.verified_at) return refuse("nonce_spent");
    return { ok: true, address: address.address, verifiedAt: row.verified_at };
  } catch (error) {
    if (isUniqueViolation(error, "users_verified_wallet_unique")) {
      await noteSharedWallet({ db, clock: deps.clock }, input.userId, address.address);
      return refuse("wallet_taken");
    }
    throw error;
  }
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin;
  } catch {
    return false;
  }
}
