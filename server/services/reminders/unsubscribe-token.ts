import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The reminder email's unsubscribe link works without logging in (RFC 8058):
 * its token is the member's id signed with the server's secret, so it cannot
 * be made for another member. It never expires: an old email's link must
 * still stop the reminders, and stopping them is all it can do.
 */
function mac(secret: string, userId: number): string {
  return createHmac("sha256", secret).update(`unsubscribe|streak-reminder|${userId}`).digest("base64url");
}

export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${mac(secret, userId)}`;
}

/** The member the token names, or null when it was not signed with this secret. */
export function memberOfUnsubscribeToken(secret: string, token: string): number | null {
  const [idText, signature, extra] = token.split(".");
  if (!idText || !signature || extra !== undefined || !/^[1-9]\d{0,9}$/.test(idText)) return null;
  const userId = Number(idText);
  if (userId > 2_147_483_647) return null;
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
