import type { BrowserContext } from "@playwright/test";

export type E2EUser = { email: string; password: string; referral_code: string; session_token: string };

/** A user made through the test hook of the server at `baseURL`, with the session cookie already in the browser. */
export async function signedInUser(
  context: BrowserContext,
  baseURL: string,
  options: { first_name?: string; referred_by?: string; unverified?: boolean; role?: "support" | "admin" } = {},
): Promise<E2EUser> {
  const reply = await context.request.post(new URL("/__e2e__/users", baseURL).href, { data: options });
  if (!reply.ok()) throw new Error(`could not create a user: ${reply.status()} ${await reply.text()}`);
  const user = (await reply.json()) as E2EUser;
  await context.addCookies([
    { name: "session", value: user.session_token, url: baseURL, httpOnly: true, sameSite: "Strict" },
    // What the server sets beside the session at login: pages ask is-authenticated only when it is there.
    { name: "signed_in", value: "1", url: baseURL, httpOnly: false, sameSite: "Strict" },
  ]);
  return user;
}

/** A user with a password and no session, for the login form. */
export async function registeredUser(
  context: BrowserContext,
  options: { first_name?: string; unverified?: boolean } = {},
): Promise<E2EUser> {
  const reply = await context.request.post("/__e2e__/users", { data: options });
  if (!reply.ok()) throw new Error(`could not create a user: ${reply.status()}`);
  await context.clearCookies();
  return (await reply.json()) as E2EUser;
}

/** Moves the user's last claim this many seconds into the past. */
export async function backdateClaim(context: BrowserContext, email: string, secondsAgo: number): Promise<void> {
  const reply = await context.request.post("/__e2e__/backdate-claim", { data: { email, seconds_ago: secondsAgo } });
  if (!reply.ok()) throw new Error(`could not move the claim: ${reply.status()}`);
}

/** Gives the user a claim on each of the `days` UTC days before today: a streak today's claim continues. */
export async function claimHistory(context: BrowserContext, email: string, days: number): Promise<void> {
  const reply = await context.request.post("/__e2e__/claim-history", { data: { email, days } });
  if (!reply.ok()) throw new Error(`could not write the claims: ${reply.status()}`);
}
