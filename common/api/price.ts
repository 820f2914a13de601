import { z } from "zod";

/** GET /api/{slug}-price → {"{slug}_price": number}. */

export const PRICE_UNAVAILABLE = "The price is not available yet. Please try again in a moment.";

export function priceField(slug: string): string {
  return `${slug}_price`;
}

export function priceReply(slug: string) {
  return z.object({ [priceField(slug)]: z.number() });
}
