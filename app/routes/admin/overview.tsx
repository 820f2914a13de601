import type { z } from "zod";
import type { overviewReply } from "../../../common/api/admin.ts";
import { PAYOUT_STATUS_LABELS, type PayoutStatusName } from "../../../common/api/payouts.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { BarChart } from "../../features/console/bar-chart.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";
import { WaitlistCard } from "../../features/console/waitlist-card.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";

type Overview = z.infer<typeof overviewReply>;

/** Tokens per day on the same 90-day axis as the other charts (the server lists only days with credits). */
function creditedPerDay(rows: Overview["credited_per_day"], days: string[]) {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + Number(row.tokens));
  return days.map((day) => ({ day, value: byDay.get(day) ?? 0 }));
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumSignificantDigits: 4 });

function creditedByKind(rows: Overview["credited_per_day"]) {
  const byKind = new Map<string, bigint>();
  for (const row of rows) byKind.set(row.kind, (byKind.get(row.kind) ?? 0n) + BigInt(row.tokens));
  return [...byKind];
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="card">
      <dt className="text-sm font-semibold text-ink-800">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
      {detail ? <dd className="mt-1 text-sm text-ink-800">{detail}</dd> : null}
    </div>
  );
}

/** The program's health at a glance: members, claims, tokens, payouts, alerts, the price and the services. */
export default function ConsoleOverview() {
  const { data, error } = useConsoleQuery("GET /api/admin/overview");
  return (
    <>
      <h1 className="text-3xl font-bold">Overview</h1>
      <FormMessage error={error} />
      {data ? (
        <div className="mt-6 space-y-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Figure
              label="Members"
              value={data.members.total.toLocaleString("en-US")}
              detail={`${data.members.verified_wallets} verified wallets`}
            />
            <Figure label="Outstanding balances" value={formatTokens(data.outstanding_balances)} />
            <Figure
              label="Open reviews and alerts"
              value={`${data.payouts_by_status.find((row) => row.status === "in_review")?.count ?? 0} · ${data.open_alerts}`}
              detail="transfers waiting for a person · unmatched treasury transfers"
            />
            <Figure
              label="Price"
              value={data.price ? usd.format(Number(data.price.usd)) : "Unknown"}
              detail={data.price ? `${Math.round(data.price.age_seconds / 60)} minutes old` : "No price fetched yet"}
            />
            <Figure
              label="Chain index"
              value={data.chain_index ? `Block ${Number(data.chain_index.last_block).toLocaleString("en-US")}` : "Not running"}
              detail={
                data.chain_index
                  ? `indexed block is ${Math.round(data.chain_index.age_seconds)} s old (${data.chain_index.block_time})`
                  : "No node configured (CHAIN_INDEX_RPC_URL), or no run yet: the home page shows demo figures"
              }
            />
          </dl>
          <div className="grid gap-4 lg:grid-cols-3">
            <BarChart
              title="New members per day"
              unit="members"
              points={data.members.new_per_day.map(({ day, count }) => ({ day, value: count }))}
            />
            <BarChart title="Claims per day" unit="claims" points={data.claims_per_day.map(({ day, count }) => ({ day, value: count }))} />
            <BarChart
              title={`${site.token.symbol} credited per day`}
              unit={site.token.symbol}
              points={creditedPerDay(
                data.credited_per_day,
                data.claims_per_day.map(({ day }) => day),
              )}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-3">
            <TitledSection>
              <SectionHeading className="text-xl font-bold">Credited by kind, 90 days</SectionHeading>
              <DataTable label="Tokens credited by kind" head={["Kind", "Tokens"]}>
                {creditedByKind(data.credited_per_day).map(([kind, tokens]) => (
                  <tr key={kind}>
                    <Cell>{kind}</Cell>
                    <Cell>{formatTokens(tokens)}</Cell>
                  </tr>
                ))}
              </DataTable>
            </TitledSection>
            <TitledSection>
              <SectionHeading className="text-xl font-bold">Payouts by status</SectionHeading>
              <DataTable label="Payouts by status" head={["Status", "Count", "Tokens"]}>
                {data.payouts_by_status.map((row) => (
                  <tr key={row.status}>
                    <Cell>{PAYOUT_STATUS_LABELS[row.status as PayoutStatusName] ?? row.status}</Cell>
                    <Cell>{row.count}</Cell>
                    <Cell>{formatTokens(row.tokens)}</Cell>
                  </tr>
                ))}
              </DataTable>
            </TitledSection>
            <WaitlistCard />
            <TitledSection>
              <SectionHeading className="text-xl font-bold">Health</SectionHeading>
              <dl className="card mt-3 grid grid-cols-2 gap-2">
                {Object.entries(data.health).map(([service, state]) => (
                  <div key={service} className="contents">
                    <dt className="font-semibold capitalize">{service}</dt>
                    <dd className={state === "down" ? "font-bold text-danger-700" : ""}>{state}</dd>
                  </div>
                ))}
              </dl>
            </TitledSection>
          </div>
        </div>
      ) : error ? null : (
        <p role="status">Loading…</p>
      )}
    </>
  );
}
