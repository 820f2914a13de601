import { site } from "../../site.ts";
import { priceText, priceValueClass } from "./token-price.ts";
import { useTokenPrice } from "./use-token-price.ts";

/** The live price, refreshed every minute while the page is visible (the prerendered page's own script does the same). */
export function PriceBadge() {
  const state = useTokenPrice();

  return (
    <p className="inline-flex h-12 max-w-full items-center gap-3 rounded-full border border-white/20 bg-white/10 px-4 text-white sm:gap-4 sm:px-5">
      <span className="text-sm font-semibold tracking-wide whitespace-nowrap text-white/80 uppercase">{site.token.symbol} price</span>
      <span data-price-value className={priceValueClass(state)}>
        {priceText(state)}
      </span>
    </p>
  );
}
