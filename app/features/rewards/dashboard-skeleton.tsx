import { NeedsJavaScript } from "../../components/ui/needs-javascript.tsx";

/** Balance, daily reward, wallet, payouts, referrals, then recent activity across the grid: the cards the dashboard shows. */
const CARDS = ["balance", "daily-reward", "wallet", "payouts", "referrals", "recent-activity"] as const;

/** The dashboard's cards as still shapes while it loads, so nothing jumps when they arrive. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-busy="true" className="mt-8">
      <span className="sr-only">Loading your dashboard…</span>
      <NeedsJavaScript what="page" className="mb-6" />
      <div aria-hidden="true" data-testid="dashboard-skeleton" className="grid gap-6 lg:grid-cols-2">
        {CARDS.map((card) => (
          <div
            key={card}
            data-card={card}
            className={`card animate-pulse motion-reduce:animate-none ${card === "recent-activity" ? "lg:col-span-2" : ""}`}
          >
            <div className="h-6 w-40 rounded bg-sand-200" />
            <div className="mt-5 h-9 w-56 max-w-full rounded bg-sand-100" />
            <div className="mt-4 h-4 w-full rounded bg-sand-100" />
            <div className="mt-2 h-4 w-2/3 rounded bg-sand-100" />
          </div>
        ))}
      </div>
    </div>
  );
}
