import type { Mailer } from "../services/mail/mailer.ts";
import type { Job } from "./runner.ts";

/** Emails whose send failed are tried again when their backoff ends; one instance per interval. */
export function mailRetryJob(mailer: Mailer, everyMs: number): Job {
  return { name: "deliver-mail", everyMs, run: () => mailer.flush() };
}
