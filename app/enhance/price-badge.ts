import { priceText, priceValueClass, watchTokenPrice } from "../features/price/token-price.ts";

/** PriceBadge's value, prerendered as "Loading…" (`[data-price-value]`), kept up to date as the React badge keeps it. */
export function enhancePriceBadge(): void {
  const value = document.querySelector<HTMLElement>("[data-price-value]");
  if (!value) return;
  watchTokenPrice((state) => {
    value.textContent = priceText(state);
    value.className = priceValueClass(state);
  });
}
