import { priceField } from "../../../common/api/price.ts";
import { type ApiResult, request } from "../../lib/api-request.ts";
import { PRICE_REFRESH_MS } from "../../lib/timings.ts";
import { site } from "../../site.ts";

/**
 * The live price and how its badge shows it, without React: the home page's
 * PriceBadge and its prerendered counterpart (app/enhance/price-badge.ts) both draw from here.
 */
export type PriceState = { status: "loading" } | { status: "ready"; price: number } | { status: "unavailable" };

/** "$0.0000123456": the spec's 10 decimals, with a dollar sign. */
export function formatUsdPrice(price: number): string {
  return `$${price.toFixed(10)}`;
}

export function priceText(state: PriceState): string {
  return state.status === "ready" ? formatUsdPrice(state.price) : state.status === "loading" ? "Loading…" : "Unavailable";
}

/** The value's box has the same size loading, ready or unavailable, so nothing moves when the price arrives. */
export function priceValueClass(state: PriceState): string {
  return `h-7 w-[14ch] text-left font-mono text-base leading-7 whitespace-nowrap tabular-nums sm:text-lg ${state.status === "ready" ? "font-bold" : "text-white/70"}`;
}

async function tokenPrice(): Promise<ApiResult<number>> {
  const result = await request<Record<string, unknown>>(`/api/${site.token.slug}-price`);
  const price = result.body?.[priceField(site.token.slug)];
  return {
    ok: result.ok && typeof price === "number" && Number.isFinite(price),
    status: result.status,
    body: typeof price === "number" ? price : null,
  };
}

/**
 * Asks for the price now and every minute while the page is visible, and
 * hands each new state to `show`; a failed refresh keeps a price already shown.
 * Returns the function that stops it.
 */
export function watchTokenPrice(show: (state: PriceState) => void): () => void {
  let active = true;
  let shown: PriceState = { status: "loading" };
  const load = async () => {
    const result = await tokenPrice();
    if (!active) return;
    if (result.ok && result.body !== null) shown = { status: "ready", price: result.body };
    else if (shown.status !== "ready") shown = { status: "unavailable" };
    else return;
    show(shown);
  };
  void load();
  const timer = setInterval(() => {
    if (document.visibilityState === "visible") void load();
  }, PRICE_REFRESH_MS);
  return () => {
    active = false;
    clearInterval(timer);
  };
}
