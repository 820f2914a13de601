import { useEffect, useState } from "react";
import { type PriceState, watchTokenPrice } from "./token-price.ts";

/** The live price for a component that shows a value in dollars, refreshed as the badge's is. */
export function useTokenPrice(): PriceState {
  const [state, setState] = useState<PriceState>({ status: "loading" });
  useEffect(() => watchTokenPrice(setState), []);
  return state;
}
