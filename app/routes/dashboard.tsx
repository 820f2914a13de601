import { VerifyEmailBanner } from "../features/account/verify-email-banner.tsx";
import { useMemberData } from "../features/auth/use-member-data.ts";
import { PayoutsCard } from "../features/payouts/payouts-card.tsx";
import { useTokenPrice } from "../features/price/use-token-price.ts";
import { ReferralCard } from "../features/referral/referral-card.tsx";
import { BalanceCard } from "../features/rewards/balance-card.tsx";
import { DailyClaim } from "../features/rewards/daily-claim.tsx";
import { DashboardSkeleton } from "../features/rewards/dashboard-skeleton.tsx";
import { QuestsLink } from "../features/rewards/quests-link.tsx";
import { RecentActivity } from "../features/rewards/recent-activity.tsx";
import { WalletAddressForm } from "../features/wallet/wallet-address-form.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Dashboard");

export default function Dashboard() {
  const { state, reload } = useMemberData("/dashboard");
  const price = useTokenPrice();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold sm:text-4xl">Dashboard</h1>
      {state.status === "ready" ? (
        <>
          <p className="mt-2 text-lg text-ink-800">Welcome, {state.data.first_name}.</p>
          {/* The claim comes first: on a phone it is what the visitor sees without scrolling. */}
          <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-2">
            <DailyClaim data={state.data} reload={reload} />
            <BalanceCard data={state.data} price={price.status === "ready" ? price.price : null} />
            {state.data.email_verified ? null : (
              <div className="lg:col-span-2">
                <VerifyEmailBanner />
              </div>
            )}
            <WalletAddressForm address={state.data.address} onSaved={reload} />
            <PayoutsCard address={state.data.address} balance={state.data.balance} reloadDashboard={reload} />
            <ReferralCard data={state.data} />
            <QuestsLink />
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
