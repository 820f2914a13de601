import { reviewRefusalText } from "../common/api/payouts.ts";
import { systemClock } from "../server/clock.ts";
import type { Database } from "../server/db/client.ts";
import { openRiskSignals } from "../server/services/fairness/risk-signals.ts";
import { approvePayout, clearRiskSignals, listReviews, rejectPayout } from "../server/services/payouts/review.ts";
import { findUserByEmail } from "../server/services/users.ts";
import { UsageError } from "./usage-error.ts";

export const REVIEW_HELP = `  review list [--all]                          payouts waiting for a person, with their signals and appeals
  review approve PAYOUT --reason TEXT          send it on to the next batch; clears the member's signals
  review reject PAYOUT --reason TEXT           give the hold back; the member sees the reason
  signals EMAIL                                a member's open risk signals
  signals clear EMAIL                          mark them looked at: the next payout skips review`;

/** Who decided, in the review's audit trail: the shell user running the command. */
function operator(): string {
  return `admin:${process.env.SUDO_USER ?? process.env.USER ?? "shell"}`;
}

function payoutId(text: string | undefined): number {
  if (!text || !/^\d+$/.test(text)) throw new UsageError("a payout id is required");
  return Number(text);
}

export async function runReviewCommand(args: string[], options: { reason?: string; all?: boolean }, db: Database): Promise<number> {
  const [action, target] = args;
  const deps = { db, clock: systemClock };
  switch (action) {
    case "list":
    case undefined: {
      const cases = await listReviews(db, { open: !options.all });
      if (cases.length === 0) console.log("No payout is waiting for a review.");
      for (const item of cases) {
        console.log(`#${item.payoutId}\t${item.email}\t${item.amount} tokens\t${item.status}\topened ${item.openedAt.toISOString()}`);
        for (const signal of item.signals) console.log(`    signal: ${signal.kind}: ${signal.details}`);
        if (item.appeal) console.log(`    appeal: ${item.appeal}`);
        if (item.decision) console.log(`    ${item.decision}: ${item.reason ?? ""}`);
      }
      return 0;
    }
    case "approve":
    case "reject": {
      const decide = action === "approve" ? approvePayout : rejectPayout;
      const result = await decide(deps, payoutId(target), { actor: operator(), reason: options.reason ?? "" });
      if (!result.ok) throw new UsageError(reviewRefusalText(result));
      console.log(
        action === "approve"
          ? `Payout #${target} approved: it goes into the next batch.`
          : `Payout #${target} rejected; the hold is back in the balance.`,
      );
      return 0;
    }
    default:
      throw new UsageError(`unknown review action "${action}"`);
  }
}

export async function runSignalsCommand(args: string[], db: Database): Promise<number> {
  const [first, second] = args;
  const clearing = first === "clear";
  const email = clearing ? second : first;
  if (!email) throw new UsageError("an email is required");
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`no user with the email ${email}`);
  if (clearing) {
    console.log(`${await clearRiskSignals({ db, clock: systemClock }, user.id)} signal(s) cleared for ${user.email}.`);
    return 0;
  }
  const signals = await openRiskSignals(db, user.id);
  if (signals.length === 0) console.log(`${user.email} has no open signal.`);
  for (const signal of signals) console.log(`${signal.createdAt.toISOString()}\t${signal.kind}\t${signal.details}`);
  return 0;
}
