import { holdRequests } from "./support/hold.ts";
import { expect, test } from "./support/test.ts";

const PRICE = /^\$\d+\.\d{10}$/;

test.describe("price badge", () => {
  test("shows the live price with a dollar sign and 10 decimals, and nothing shifts when it arrives", async ({ page }) => {
    await page.addInitScript(() => {
      (window as unknown as { shifts: number[] }).shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const { release } = await holdRequests(page, "**/api/kestrel-price");
    await page.goto("/");
    const badge = page.getByText(/KSTL price/).locator("..");
    await expect(badge).toContainText("Loading…");
    const before = await badge.boundingBox();
    release();
    await expect(page.getByText(PRICE)).toHaveText("$0.0000123456");
    const after = await badge.boundingBox();
    expect(after).toEqual(before);
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
  });

  test("is muted when the price is unavailable", async ({ page }) => {
    await page.route("**/api/kestrel-price", (route) =>
      route.fulfill({ status: 503, json: { err_msg: "The price is not available yet." } }),
    );
    await page.goto("/");
    await expect(page.getByText("Unavailable", { exact: true })).toBeVisible();
  });

  test("refreshes every minute while the page is visible", async ({ page }) => {
    await page.clock.install();
    let calls = 0;
    await page.route("**/api/kestrel-price", async (route) => {
      calls++;
      await route.fulfill({ json: { kestrel_price: calls === 1 ? 0.0000123456 : 0.0000234567 } });
    });
    await page.goto("/");
    await expect(page.getByText(PRICE)).toHaveText("$0.0000123456");
    await page.clock.runFor(60_000);
    await expect(page.getByText(PRICE)).toHaveText("$0.0000234567");
    expect(calls).toBe(2);
  });
});
