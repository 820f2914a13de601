import { VerifyEmailBanner } from "../features/account/verify-email-banner.tsx";
import { PayoutsCard } from "../features/payouts/payouts-card.tsx";
import { ReferralCard } from "../features/referral/referral-card.tsx";
import { BalanceCard } from "../features/rewards/balance-card.tsx";
import { DailyClaim } from "../features/rewards/daily-claim.tsx";
import { DashboardSkeleton } from "../features/rewards/dashboard-skeleton.tsx";
import { RecentActivity } from "../features/rewards/recent-activity.tsx";
import { useDashboard } from "../features/rewards/use-dashboard.ts";
import { WalletAddressForm } from "../features/wallet/wallet-address-form.tsx";
import { site } from "../site.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [
  { title: `Dashboard | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

export default function Dashboard() {
  const { state, reload } = useDashboard();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">Dashboard</h1>
      {state.status === "ready" ? (
        <>
          <p className="mt-2 text-lg text-ink-800">Welcome, {state.data.first_name}.</p>
          {state.data.email_verified ? null : <VerifyEmailBanner />}
          <div className="mt-8 grid gap-6 lg:grid-cols-2">
            <BalanceCard data={state.data} />
            <DailyClaim data={state.data} reload={reload} />
            <WalletAddressForm address={state.data.address} onSaved={reload} />
            <PayoutsCard address={state.data.address} balance={state.data.balance} reloadDashboard={reload} />
            <ReferralCard data={state.data} />
            <div className="lg:col-span-2">
              <RecentActivity entries={state.data.recent_activity} />
            </div>
          </div>
        </>
      ) : state.status === "error" ? (
        <div className="mt-6 space-y-4">
          <p role="alert" className="text-lg text-danger-700">
            We could not load your dashboard. Check your connection and try again.
          </p>
          <button type="button" className="btn-primary" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : (
        <DashboardSkeleton />
      )}
    </section>
  );
}
