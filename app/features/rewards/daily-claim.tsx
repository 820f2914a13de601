import { useMemo, useState } from "react";
import type { DashboardData } from "../../../common/api/rewards.ts";
import { formatCountdown, parseCountdown } from "../../../common/countdown.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { claimDailyReward } from "../../lib/api/rewards.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";
import { ClaimCelebration } from "./claim-celebration.tsx";
import { StreakSummary } from "./streak-summary.tsx";
import { useCountdown } from "./use-countdown.ts";

export const CLAIM_SUCCESS = "You have successfully claimed your daily reward.";
export const CLAIM_FAILURE = "Something went wrong!";

/**
 * The claim button when a reward is due, else a countdown that reloads the
 * data at zero. The button shows at zero even if that reload fails: the
 * server still decides whether the claim is due.
 */
export function DailyClaim({ data, reload }: { data: DashboardData; reload: () => Promise<void> }) {
  const [claiming, setClaiming] = useState(false);
  const [result, setResult] = useState<"success" | "failure" | null>(null);
  // The streak's length before the claim, to say what the claim changed.
  const [daysBefore, setDaysBefore] = useState<number | null>(null);
  const { secondsLeft, ended: due } = useCountdown(data.time_remaining, () => void reload());
  const special = BigInt(data.today_reward) > BigInt(site.rewards.dailyAmount);
  // The moment the next claim opens, in the visitor's own time zone.
  const opensAt = useMemo(() => new Date(Date.now() + parseCountdown(data.time_remaining) * 1000), [data.time_remaining]);

  const claim = async () => {
    setClaiming(true);
    setResult(null);
    setDaysBefore(data.streak.days);
    const response = await claimDailyReward();
    if (response.ok) await reload();
    setResult(response.ok ? "success" : "failure");
    setClaiming(false);
  };

  return (
    <CardSection title="Daily reward">
      <p className="mt-1 text-base text-ink-800">
        Today's reward: <strong className="font-semibold">{formatTokens(data.today_reward)}</strong>
        {special ? <span className="ml-2 rounded-full bg-gold-400 px-2 py-0.5 text-sm font-semibold text-ink-900">Special day</span> : null}
      </p>
      <div className="mt-5 min-h-14">
        {due ? (
          <button type="button" className="btn-primary" onClick={claim} disabled={claiming}>
            {claiming ? "Claiming..." : "Claim daily reward"}
          </button>
        ) : (
          <p className="text-base text-ink-800">
            Your next reward is ready in{" "}
            <span role="timer" aria-label="Time until your next reward" className="font-mono text-3xl font-bold text-ink-900 tabular-nums">
              {formatCountdown(secondsLeft)}
            </span>
            <span className="mt-1 block text-sm text-ink-700" data-testid="next-claim-at">
              Next claim {opensAt.toDateString() === new Date().toDateString() ? "today" : "tomorrow"} at{" "}
              {new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(opensAt)} (your time).
            </span>
          </p>
        )}
      </div>
      <div className="mt-4">
        <FormMessage error={result === "failure" ? CLAIM_FAILURE : null} success={result === "success" ? CLAIM_SUCCESS : null} />
      </div>
      <div role="status">
        {result === "success" && daysBefore !== null ? <ClaimCelebration data={data} daysBefore={daysBefore} /> : null}
      </div>
      <StreakSummary streak={data.streak} />
    </CardSection>
  );
}
