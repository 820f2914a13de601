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
import { TitledPage } from "../layout/titled-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Dashboard");

export default function Dashboard() {
  const { state, reload } = useMemberData("/dashboard");
  const price = useTokenPrice();
  return (
    <TitledPage title="Dashboard" width="6xl" lead={state.status === "ready" ? `Welcome, ${state.data.first_name}.` : null}>
      {state.status === "ready" ? (
        <>
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
    </TitledPage>
  );
}
