import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/client.ts";
import { type Actor, recordAudit } from "../audit.ts";
import { openConsole } from "./console-sessions.ts";
import { confirmEnrolment, recoveryCodesLeft, type SecondFactorDeps } from "./second-factor.ts";

type StaffMember = Exclude<Actor, "shell">;

/**
 * A staff member confirms the authenticator app with its first code: the
 * recovery codes, the open console and the audit row land together, or none does.
 */
export function enrolAsStaff(deps: SecondFactorDeps, actor: StaffMember, sessionIdHash: string, code: string): Promise<string[] | null> {
  return deps.db.transaction(async (tx) => {
    const codes = await confirmEnrolment({ ...deps, db: tx }, actor.id, code);
    if (!codes) return null;
    await openConsole({ db: tx, clock: deps.clock }, sessionIdHash, actor.id);
    await recordAudit(tx, deps.clock, actor, {
      action: "two_factor.enrol",
      subject: `user:${actor.id}`,
      after: { method: "totp", recovery_codes: codes.length },
      reason: "enrolled an authenticator app",
    });
    return codes;
  });
}

/** Opens the console once a code was accepted; a spent recovery code leaves an audit row with how many are left. */
export function openConsoleAsStaff(
  { db, clock }: { db: Database; clock: Clock },
  actor: StaffMember,
  sessionIdHash: string,
  { recoveryCodeSpent }: { recoveryCodeSpent: boolean },
): Promise<void> {
  return db.transaction(async (tx) => {
    await openConsole({ db: tx, clock }, sessionIdHash, actor.id);
    if (recoveryCodeSpent)
      await recordAudit(tx, clock, actor, {
        action: "two_factor.recovery_code_used",
        subject: `user:${actor.id}`,
        after: { recovery_codes_left: await recoveryCodesLeft(tx, actor.id) },
        reason: "opened the console with a recovery code",
      });
  });
}
