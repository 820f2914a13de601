import type { DashboardData, LedgerKind } from "../../../common/api/rewards.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { formatTokens } from "../../lib/token-amount.ts";

const labels: Record<LedgerKind, string> = {
  daily_reward: "Daily reward",
  referral_bonus: "Referral bonus",
  admin_credit: "Credit from the team",
  admin_debit: "Correction by the team",
  payout_hold: "Transfer to your wallet",
  payout_release: "Transfer given back",
  streak_bonus: "Streak bonus",
  quest_reward: "Quest reward",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function RecentActivity({ entries }: { entries: DashboardData["recent_activity"] }) {
  return (
    <CardSection title="Recent activity">
      {entries.length === 0 ? (
        <p className="mt-3 text-base text-ink-800">Nothing yet. Your claims and referral bonuses will show here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-sand-200">
          {entries.map((entry) => (
            <li key={`${entry.created_at}-${entry.kind}-${entry.amount}`} className="flex items-center justify-between gap-4 py-3">
              <span>
                <span className="block font-semibold">{labels[entry.kind]}</span>
                <time dateTime={entry.created_at} className="text-sm text-ink-700">
                  {dateFormat.format(new Date(entry.created_at))}
                </time>
              </span>
              <span className={`font-mono font-semibold ${entry.amount.startsWith("-") ? "text-danger-700" : "text-success-700"}`}>
                {entry.amount.startsWith("-") ? "" : "+"}
                {formatTokens(entry.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}
