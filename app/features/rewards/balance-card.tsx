import type { DashboardData } from "../../../common/api/rewards.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { daysToReach, formatTokens, formatUsdValue, percentOf } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";

/**
 * The balance, what it is worth at today's price (null while the price is
 * unknown), and how far it is from the minimum transfer, in days at today's rate.
 */
export function BalanceCard({ data, price }: { data: DashboardData; price: number | null }) {
  const { minTransfer } = site.rewards;
  const days = daysToReach(data.balance, minTransfer, data.today_reward);
  const percent = percentOf(data.balance, minTransfer);
  const reached = BigInt(data.balance) >= BigInt(minTransfer);
  return (
    <CardSection title="Balance">
      <p className="mt-2 text-4xl font-black text-brand-700" data-testid="balance">
        {formatTokens(data.balance)}
      </p>
      <p className="mt-1 text-sm text-ink-800" data-testid="balance-value">
        {price === null
          ? "Its value in dollars shows when the price is available."
          : `Worth ${formatUsdValue(data.balance, price)} at today's price, a small amount while the token is young.`}
      </p>
      <div className="mt-5">
        <div className="flex justify-between text-sm text-ink-800">
          <span id="transfer-progress-label">Toward a transfer to {site.token.chainName}</span>
          <span>{percent}%</span>
        </div>
        <progress
          aria-labelledby="transfer-progress-label"
          value={percent}
          max={100}
          className="mt-1 h-3 w-full appearance-none overflow-hidden rounded-full bg-sand-200 [&::-moz-progress-bar]:bg-brand-600 [&::-webkit-progress-bar]:bg-sand-200 [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-brand-600"
        />
        <p className="mt-2 text-sm text-ink-800">
          {reached
            ? `You have reached the ${formatTokens(String(minTransfer))} minimum for a transfer to your wallet.`
            : `Transfers to your wallet open at ${formatTokens(String(minTransfer))}.`}
        </p>
        {reached ? null : (
          <p className="mt-1 text-sm text-ink-800" data-testid="transfer-estimate">
            At today's rate ({formatTokens(data.today_reward)} a day): {days} {days === 1 ? "day" : "days"}.
          </p>
        )}
      </div>
    </CardSection>
  );
}
