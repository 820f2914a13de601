import { z } from "zod";
import { priceField } from "../price-field.ts";

export { priceField } from "../price-field.ts";

/** GET /api/{slug}-price → {"{slug}_price": number}. */

export const PRICE_UNAVAILABLE = "The price is not available yet. Please try again in a moment.";

export function priceReply(slug: string) {
  return z.object({ [priceField(slug)]: z.number() });
}
