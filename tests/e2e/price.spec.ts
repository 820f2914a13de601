import { holdRequests } from "./support/hold.ts";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shifts.ts";
import { expect, test } from "./support/test.ts";

const PRICE = /^\$\d+\.\d{10}$/;

test.describe("price badge", () => {
  test("shows the live price with a dollar sign and 10 decimals, and nothing shifts when it arrives", async ({ page }) => {
    await recordLayoutShifts(page);
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
    expect(await layoutShifts(page)).toEqual([]);
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
