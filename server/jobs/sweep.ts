import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { deleteExpiredEmailTokens } from "../services/accounts/email-tokens.ts";
import { deleteExpiredSignupChallenges } from "../services/fairness/signup-challenge.ts";
import { deleteExpiredRateLimits } from "../services/rate-limit.ts";
import { deleteExpiredSessions } from "../services/sessions.ts";
import type { Job } from "./runner.ts";

/** Expired sessions, rate-limit windows and used sign-up challenges are deleted, so no table grows without bound. */
export function sweepJob({ db, clock, everyMs }: { db: Database; clock: Clock; everyMs: number }): Job {
  return {
    name: "sweep-expired",
    everyMs,
    async run() {
      const [sessions, rateLimitWindows] = await Promise.all([
        deleteExpiredSessions({ db, clock }),
        deleteExpiredRateLimits({ db, clock }),
        deleteExpiredSignupChallenges({ db, clock }),
        deleteExpiredEmailTokens({ db, clock }),
      ]);
      return { sessions, rateLimitWindows };
    },
  };
}
