import { useEffect, useState } from "react";
import { tokenPrice } from "../../lib/api-client.ts";
import { PRICE_REFRESH_MS } from "../../lib/timings.ts";
import { site } from "../../site.ts";

type PriceState = { status: "loading" } | { status: "ready"; price: number } | { status: "unavailable" };

/** "$0.0000123456": the spec's 10 decimals, with a dollar sign. */
export function formatUsdPrice(price: number): string {
  return `$${price.toFixed(10)}`;
}

/**
 * The live price, refreshed every minute while the page is visible. Its box
 * has the same size loading, ready or unavailable, so nothing moves when it arrives.
 */
export function PriceBadge() {
  const [state, setState] = useState<PriceState>({ status: "loading" });

  useEffect(() => {
    let active = true;
    const load = async () => {
      const result = await tokenPrice();
      if (!active) return;
      if (result.ok && result.body !== null) setState({ status: "ready", price: result.body });
      else setState((current) => (current.status === "ready" ? current : { status: "unavailable" }));
    };
    void load();
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load();
    }, PRICE_REFRESH_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <p className="inline-flex h-12 max-w-full items-center gap-3 rounded-full border border-white/20 bg-white/10 px-4 text-white sm:gap-4 sm:px-5">
      <span className="text-sm font-semibold tracking-wide whitespace-nowrap text-white/80 uppercase">{site.token.symbol} price</span>
      <span
        className={`h-7 w-[14ch] text-left font-mono text-base leading-7 whitespace-nowrap tabular-nums sm:text-lg ${state.status === "ready" ? "font-bold" : "text-white/70"}`}
      >
        {state.status === "ready" ? formatUsdPrice(state.price) : state.status === "loading" ? "Loading…" : "Unavailable"}
      </span>
    </p>
  );
}
