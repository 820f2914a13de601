import { TableHead } from "../../components/ui/table-head.tsx";
import { site } from "../../site.ts";
import { CHART_RANGES, CHART_SIZE, LOADING, STATS } from "./market-view.ts";

/**
 * The home page's market, prerendered with placeholders that app/enhance/market.ts fills from
 * /api/market: the price and its change, the chart with its ranges, the stats row and the tokenomics.
 */
export function MarketPrice() {
  return (
    <div className="mt-2" data-market>
      <p className="text-lg font-semibold" data-market-change>
        {LOADING}
      </p>
      {/* Heights kept from the first paint, so that the figures arriving move nothing on the page: two lines, as the
          age and the block wrap on a phone and in the two-column hero at tablet widths. */}
      <p className="mt-1 min-h-10 text-sm text-white/80">
        <span data-market-updated />
        <span data-market-as-of />
      </p>
      <p className="invisible mt-2 inline-block rounded bg-gold-400 px-2 py-0.5 text-sm font-bold text-ink-900" data-market-demo>
        Demo data: no node is configured, so these figures are a seeded example, not the chain.
      </p>
    </div>
  );
}

export function PriceChart() {
  return (
    <figure className="rounded-2xl bg-white/5 p-4" aria-labelledby="chart-caption">
      <figcaption id="chart-caption" className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{site.token.symbol} price</span>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset */}
        <span role="group" aria-label="Chart range" className="flex gap-1">
          {CHART_RANGES.map(({ range, label, long }) => (
            <button
              key={range}
              type="button"
              className="min-h-11 min-w-11 rounded-lg px-2 text-sm font-semibold text-white aria-pressed:bg-white aria-pressed:text-ink-900"
              aria-pressed={range === "24h"}
              aria-label={`Show ${long}`}
              data-chart-range={range}
            >
              {label}
            </button>
          ))}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART_SIZE.width} ${CHART_SIZE.height}`}
        role="img"
        aria-labelledby="chart-summary"
        className="mt-3 h-44 w-full sm:h-56"
        preserveAspectRatio="none"
        data-chart
      >
        <title>{site.token.symbol} price chart</title>
        <path data-chart-area fill="currentColor" className="text-brand-300/25" d="" />
        <path
          data-chart-line
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          className="text-gold-400"
          d=""
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p id="chart-summary" className="mt-2 min-h-10 text-sm text-white/85" data-chart-summary>
        {LOADING}
      </p>
      {/* A table ignores the height that hides it: its wrapper is what is visually hidden. */}
      <div className="sr-only">
        <table data-chart-table>
          <caption data-chart-table-caption>{site.token.symbol} price history</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Open</th>
              <th scope="col">High</th>
              <th scope="col">Low</th>
              <th scope="col">Close</th>
            </tr>
          </thead>
          <tbody />
        </table>
      </div>
    </figure>
  );
}

export function MarketStats({ shorts }: { shorts: Record<string, string> }) {
  return (
    <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {STATS.map((stat) => (
        <div key={stat.key} className="rounded-2xl bg-sand-100 p-5">
          <dt className="text-base font-semibold text-ink-800">{stat.label}</dt>
          <dd className="mt-1 text-2xl font-black text-brand-700 tabular-nums" data-stat={stat.key}>
            {LOADING}
          </dd>
          <dd className="mt-2 text-sm text-ink-800">
            {shorts[stat.glossary]}{" "}
            <a href={`/glossary#${stat.glossary}`} className="underline">
              What is this?<span className="sr-only"> ({stat.label} in the glossary)</span>
            </a>
          </dd>
          <dd className="mt-1 text-sm text-ink-700" data-stat-source />
        </div>
      ))}
    </dl>
  );
}

export function Tokenomics() {
  return (
    <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-base" data-declared>
          <caption className="pb-2 text-left text-lg font-bold">Addresses declared apart from the circulating supply</caption>
          <TableHead columns={["What", "Address", "Balance"]} rowClassName="border-b border-ink-700/20" />
          <tbody>
            <tr>
              <td colSpan={3} className="py-2">
                {LOADING}
              </td>
            </tr>
          </tbody>
        </table>
        <p className="mt-2 text-sm text-ink-800" data-declared-source />
      </div>
      <dl className="rounded-2xl bg-sand-100 p-5">
        <dt className="text-base font-semibold text-ink-800">Rewards credited to members so far</dt>
        <dd className="mt-1 text-2xl font-black text-brand-700 tabular-nums" data-rewards="credited">
          {LOADING}
        </dd>
        <dt className="mt-4 text-base font-semibold text-ink-800">Paid out to members' wallets so far</dt>
        <dd className="mt-1 text-2xl font-black text-brand-700 tabular-nums" data-rewards="paid_out">
          {LOADING}
        </dd>
        <dd className="mt-2 text-sm text-ink-800">From the reward ledger and the payouts sent on {site.token.chainName}.</dd>
      </dl>
    </div>
  );
}
