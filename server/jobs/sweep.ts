import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { deleteExpiredEmailTokens } from "../services/account-recovery/email-tokens.ts";
import { deleteOldSecondFactorAttempts } from "../services/console/code-attempts.ts";
import { deleteExpiredSignupChallenges } from "../services/fairness/signup-challenge.ts";
import { deleteExpiredRateLimits } from "../services/rate-limit.ts";
import { deleteExpiredSessions } from "../services/sessions.ts";
import type { Job } from "./runner.ts";

/** Expired sessions, rate-limit windows, used sign-up challenges and old second-factor attempts are deleted, so no table grows without bound. */
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
        deleteOldSecondFactorAttempts({ db, clock }),
      ]);
      return { sessions, rateLimitWindows };
    },
  };
}
