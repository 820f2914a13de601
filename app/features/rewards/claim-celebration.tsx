import type { DashboardData } from "../../../common/api/rewards.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { dayCount } from "./streak-summary.tsx";

/**
 * What a claim just did, said where the member is looking: the streak's new
 * length, a milestone bonus it paid, and the next one. It grows in once
 * (not for readers who asked for less motion); the claim card's status region announces it.
 */
export function ClaimCelebration({ data, daysBefore }: { data: DashboardData; daysBefore: number }) {
  const { streak } = data;
  const latestClaim = data.recent_activity.find((entry) => entry.kind === "daily_reward");
  // A bonus the claim paid is written just after it.
  const bonus = data.recent_activity.find(
    (entry) => entry.kind === "streak_bonus" && latestClaim !== undefined && entry.created_at >= latestClaim.created_at,
  );
  const headline =
    streak.days > 1 && streak.days > daysBefore
      ? `Day ${streak.days} of your streak!`
      : streak.days === 1
        ? "Day 1: your streak starts today."
        : "Reward claimed.";
  const next = streak.next_milestone;
  return (
    <div className="celebrate mt-4 rounded-xl border-2 border-gold-400 bg-brand-100 px-4 py-3 text-ink-900" data-testid="claim-celebration">
      <p className="text-lg font-bold">{headline}</p>
      {bonus ? (
        <p className="mt-1 font-semibold">
          +{formatTokens(bonus.amount)} streak bonus for {dayCount(streak.days)} in a row.
        </p>
      ) : null}
      {next ? (
        <p className="mt-1 text-sm">
          Next: the {next.days}-day bonus of {formatTokens(next.bonus)}, in {dayCount(next.days - streak.days)}.
        </p>
      ) : null}
    </div>
  );
}
