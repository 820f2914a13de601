import type { Clock } from "../clock.ts";
import type { Database } from "../db/client.ts";
import { deleteExpiredRateLimits } from "../services/rate-limit.ts";
import { deleteExpiredSessions } from "../services/sessions.ts";
import type { Job } from "./runner.ts";

/** Expired sessions and rate-limit windows are deleted, so neither table grows without bound. */
export function sweepJob({ db, clock, everyMs }: { db: Database; clock: Clock; everyMs: number }): Job {
  return {
    name: "sweep-expired",
    everyMs,
    async run() {
      const [sessions, rateLimitWindows] = await Promise.all([
        deleteExpiredSessions({ db, clock }),
        deleteExpiredRateLimits({ db, clock }),
      ]);
      return { sessions, rateLimitWindows };
    },
  };
}
