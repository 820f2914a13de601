import { createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { deriveHmacKeySecret } from "altcha-lib/frameworks/fastify";
import type { Challenge, Payload } from "altcha-lib/types";
import { sql } from "drizzle-orm";
import type { SignupChallengeRefusal } from "../../../common/api/auth.ts";
import type { Clock } from "../../clock.ts";
import { type Database, queryRows } from "../../db/client.ts";

/**
 * Proof of work at sign-up (ALTCHA, self-hosted): the browser finds the
 * counter the server chose at random below a ceiling, which costs it about
 * half the ceiling in SHA-256 hashes and costs the server one HMAC to check.
 * The ceiling doubles with each recent sign-up from the visitor's network, so
 * a person pays a fraction of a second and a farm pays more and more.
 */
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** 2^6 × the base at most: a few seconds on a phone, however busy the network. */
const MAX_DOUBLINGS = 6;
const RECENT_MS = 60 * 60 * 1000;

type Deps = { db: Database; clock: Clock; hmacKey: string };

/** The ceiling of the counter for a visitor on this network: it doubles with each sign-up from the network in the last hour. */
export async function challengeCeiling(
  { db, clock, base }: { db: Database; clock: Clock; base: number },
  network: string,
): Promise<number> {
  const since = new Date(clock.now().getTime() - RECENT_MS);
  const [row] = await queryRows<{ recent: number }>(
    db,
    sql`select count(*)::int as recent from users where signup_network = ${network} and created_at > ${since}`,
  );
  return base * 2 ** Math.min(row?.recent ?? 0, MAX_DOUBLINGS);
}

export async function createSignupChallenge({ db, clock, hmacKey, base }: Deps & { base: number }, network: string): Promise<Challenge> {
  const ceiling = await challengeCeiling({ db, clock, base }, network);
  return createChallenge({
    algorithm: "SHA-256",
    cost: 1,
    counter: randomInt(Math.floor(ceiling / 2), ceiling),
    deriveKey,
    // Expiry is checked against the server's clock (injected in tests), so it travels in the signed data.
    data: { expires: clock.now().getTime() + CHALLENGE_LIFETIME_MS },
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: await deriveHmacKeySecret(hmacKey),
  });
}

export type SignupCheck = { ok: true } | ({ ok: false } & SignupChallengeRefusal);

function decode(payload: string): Payload | null {
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as Payload;
    return parsed && typeof parsed === "object" && parsed.challenge?.parameters && parsed.solution ? parsed : null;
  } catch {
    return null;
  }
}

/** Checks the widget's payload: signed by us, solved, not expired, and never used before (the insert is the guard). */
export async function verifySignupSolution({ db, clock, hmacKey }: Deps, payload: string | undefined): Promise<SignupCheck> {
  if (!payload) return { ok: false, refusal: "challenge_missing" };
  const decoded = decode(payload);
  if (!decoded) return { ok: false, refusal: "challenge_invalid" };
  const result = await verifySolution({
    challenge: decoded.challenge,
    solution: decoded.solution,
    deriveKey,
    hmacSignatureSecret: hmacKey,
    hmacKeySignatureSecret: await deriveHmacKeySecret(hmacKey),
  }).catch(() => null);
  if (!result?.verified) return { ok: false, refusal: "challenge_invalid" };
  const expires = Number(decoded.challenge.parameters.data?.expires);
  if (!Number.isFinite(expires) || expires <= clock.now().getTime()) return { ok: false, refusal: "challenge_expired" };
  const used = await queryRows<{ challenge_id: string }>(
    db,
    sql`insert into used_altcha_challenges (challenge_id, expires_at) values (${decoded.challenge.parameters.nonce}, ${new Date(expires)})
        on conflict do nothing returning challenge_id`,
  );
  return used.length === 1 ? { ok: true } : { ok: false, refusal: "challenge_used" as const };
}

/** A used challenge can be forgotten once it has expired: it could not be replayed anyway. */
export async function deleteExpiredSignupChallenges({ db, clock }: { db: Database; clock: Clock }): Promise<void> {
  await db.execute(sql`delete from used_altcha_challenges where expires_at < ${clock.now()}`);
}
