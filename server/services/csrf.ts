import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

import type { CsrfPage } from "../../common/api/auth.ts";

/** A token outlives any reasonable time a form stays open, and no more. */
const MAX_AGE_SECONDS = 12 * 60 * 60;

function mac(secret: string, page: CsrfPage, binding: string, issuedAt: number, nonce: string): string {
  return createHmac("sha256", secret).update(`csrf|${page}|${binding}|${issuedAt}|${nonce}`).digest("base64url");
}

/**
 * A signed token for one page, bound to the visitor: their session, or the
 * anonymous pre-session before login. Stateless, so any instance sharing the
 * secret can check it.
 */
export function issueCsrfToken(secret: string, page: CsrfPage, binding: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const nonce = randomBytes(12).toString("base64url");
  return `${issuedAt}.${nonce}.${mac(secret, page, binding, issuedAt, nonce)}`;
}

export function verifyCsrfToken(secret: string, token: unknown, page: CsrfPage, binding: string | null, now: Date): boolean {
  if (typeof token !== "string" || !binding) return false;
  const [issuedText, nonce, signature, extra] = token.split(".");
  if (!issuedText || !nonce || !signature || extra !== undefined || !/^\d{1,12}$/.test(issuedText)) return false;
  const issuedAt = Number(issuedText);
  const age = now.getTime() / 1000 - issuedAt;
  if (age < -60 || age > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(mac(secret, page, binding, issuedAt, nonce));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
