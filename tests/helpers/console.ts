import { Secret, TOTP } from "otpauth";
import { CSRF_HEADER } from "../../common/api/admin.ts";
import { setRole } from "../../server/services/console/roles.ts";
import { createUser, signedIn } from "../factories.ts";
import type { Agent } from "./agent.ts";
import type { TestApp } from "./test-app.ts";

/** The code an authenticator app shows for the secret at the test clock's time. */
export function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}

/** A signed-in agent's calls to the console API, each with the console's CSRF token. */
export function consoleCalls(visitor: Agent, csrfToken: string) {
  const headers = { [CSRF_HEADER]: csrfToken };
  return {
    get: (url: string) => visitor.get(url, headers),
    post: (url: string, body: unknown = {}) => visitor.post(url, body, headers),
  };
}

/**
 * A staff member with the role given (granted as the shell does), signed in,
 * enrolled in TOTP and with the console open. `nextCode` moves the clock to
 * the next 30-second step, as a person waits for a fresh code.
 */
export async function openConsoleAs(t: TestApp, role: "support" | "admin") {
  const user = await createUser(t.database.db);
  await setRole({ db: t.database.db, clock: t.clock }, "shell", user, role, "test staff");
  const visitor = await signedIn(t.app, user);
  const calls = consoleCalls(visitor, await visitor.csrf("console"));
  const setup = await calls.post("/api/admin/two-factor/setup");
  if (setup.statusCode !== 200) throw new Error(`setup failed: ${setup.statusCode} ${setup.body}`);
  const secret: string = setup.json().secret;
  const confirmed = await calls.post("/api/admin/two-factor/confirm", { code: codeAt(secret, t.clock.now()) });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return {
    user,
    visitor,
    secret,
    recoveryCodes: confirmed.json().recovery_codes as string[],
    ...calls,
    nextCode() {
      t.clock.advance(30_000);
      return codeAt(secret, t.clock.now());
    },
  };
}
