import type { Page } from "@playwright/test";
import { holdRequests } from "./support/hold.ts";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shifts.ts";
import { expect, test } from "./support/test.ts";

const PRICE = /^\$\d+\.\d{10}$/;
// The badge, not the chart's table of prices below it on the home page.
const badgeOf = (page: Page) => page.locator("p").filter({ has: page.getByText("KSTL price", { exact: true }) });

test.describe("price badge", () => {
  test("shows the live price with a dollar sign and 10 decimals, and nothing shifts when it arrives", async ({ page }) => {
    await recordLayoutShifts(page);
    const { release } = await holdRequests(page, "**/api/kestrel-price");
    await page.goto("/");
    const badge = badgeOf(page);
    await expect(badge).toContainText("Loading…");
    const before = await badge.boundingBox();
    release();
    await expect(badgeOf(page).getByText(PRICE)).toHaveText("$0.0000123456");
    const after = await badge.boundingBox();
    expect(after).toEqual(before);
    await page.waitForTimeout(300);
    expect(await layoutShifts(page)).toEqual([]);
  });

  test("is muted when the price is unavailable", async ({ page }) => {
    await page.route("**/api/kestrel-price", (route) =>
      route.fulfill({ status: 503, json: { err_msg: "The price is not available yet." } }),
    );
    await page.goto("/");
    await expect(badgeOf(page).getByText("Unavailable", { exact: true })).toBeVisible();
  });

  test("refreshes every minute while the page is visible, and a failed refresh keeps the price shown", async ({ page }) => {
    await page.clock.install();
    const prices = [0.0000123456, 0.0000234567, null, 0.0000345678];
    let calls = 0;
    await page.route("**/api/kestrel-price", async (route) => {
      const price = prices[calls++];
      await route.fulfill(
        price ? { json: { kestrel_price: price } } : { status: 503, json: { err_msg: "The price is not available yet." } },
      );
    });
    // Every text the badge shows, in order: a refresh that failed must not have shown "Unavailable" even for a moment.
    const shown: string[] = [];
    await page.exposeFunction("recordPriceShown", (text: string) => shown.push(text));
    await page.addInitScript(() => {
      const record = (window as unknown as { recordPriceShown(text: string): void }).recordPriceShown;
      new MutationObserver(() => {
        const text = document.querySelector("[data-price-value]")?.textContent;
        if (text) record(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/");
    await expect(badgeOf(page).getByText(PRICE)).toHaveText("$0.0000123456");
    await page.clock.runFor(60_000);
    await expect(badgeOf(page).getByText(PRICE)).toHaveText("$0.0000234567");
    const failed = page.waitForResponse((response) => response.url().endsWith("/api/kestrel-price") && response.status() === 503);
    await page.clock.runFor(60_000);
    await failed;
    await page.clock.runFor(60_000);
    await expect(badgeOf(page).getByText(PRICE)).toHaveText("$0.0000345678");
    expect(calls).toBe(4);
    expect(shown).not.toContain("Unavailable");
    expect(shown).toContain("$0.0000234567");
  });
});
