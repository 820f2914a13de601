import { describe, expect, it } from "vitest";
import { formatUsdPrice } from "./token-price.ts";

describe("formatUsdPrice", () => {
  it.each([
    [0.0000123456, "$0.0000123456"],
    [4, "$4.0000000000"],
    [1234.56789, "$1234.5678900000"],
    [0.00000000004, "$0.0000000000"],
  ])("shows %d as %s", (price, shown) => {
    expect(formatUsdPrice(price)).toBe(shown);
  });
});
