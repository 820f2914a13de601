import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { APP, agent } from "../helpers/agent.ts";

/** How many argon2id checks the app has started: the work a guesser managed to make it do. */
export async function passwordChecksStarted(app: FastifyInstance): Promise<number> {
  const metric = await app.metrics.registry.getSingleMetric("password_checks_total")?.get();
  return metric?.values[0]?.value ?? 0;
}

type Guess = { email: string; password: string };

/** Sends every guess at once from one client address (the app trusts X-Forwarded-For from loopback). */
export async function guessAtOnce(app: FastifyInstance, ip: string, guesses: Guess[]) {
  const before = await passwordChecksStarted(app);
  const ready = await Promise.all(
    guesses.map(async (guess) => {
      const visitor = agent(app);
      return { ...guess, visitor, csrfToken: await visitor.csrf("signin") };
    }),
  );
  const replies = await Promise.all(
    ready.map(({ visitor, email, password, csrfToken }) =>
      visitor.post("/api/signin", { username: email, password, app: APP, csrfToken }, { "x-forwarded-for": ip }),
    ),
  );
  return { replies, checks: (await passwordChecksStarted(app)) - before };
}

/**
 * The outside probe's attack: many guesses against one account in parallel, the
 * right password last. At most `accountLimit` may reach the password check and
 * none may log in.
 */
export async function expectParallelGuessesHeld(
  app: FastifyInstance,
  { email, password, accountLimit, ip }: { email: string; password: string; accountLimit: number; ip: string },
) {
  const guesses = Array.from({ length: 200 }, (_, index) => ({ email, password: index === 199 ? password : `wrong-guess-${index}` }));
  const { replies, checks } = await guessAtOnce(app, ip, guesses);
  expect(checks).toBeLessThanOrEqual(accountLimit);
  expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(0);
  // Held means refused (429) or, when a loaded machine keeps a guess waiting past the database pool's timeout, shed
  // as busy (503 with Retry-After, decision 055): either way it never reaches the password check or logs in.
  const held = replies.filter((reply) => reply.statusCode === 429 || (reply.statusCode === 503 && reply.headers["retry-after"]));
  expect(held.length).toBeGreaterThanOrEqual(200 - accountLimit);
  expect(replies.filter((reply) => ![401, 429, 503].includes(reply.statusCode))).toEqual([]);
  for (const reply of replies) expect(reply.json()).toHaveProperty("err_msg");
}
