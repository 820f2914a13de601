import { loadSiteConfig } from "../../config/site.ts";
import { layoutShifts, recordLayoutShifts } from "./support/layout-shifts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();

test.describe("home page market (demo data: no node in the browser suite)", () => {
  for (const width of [390, 1280]) {
    test(`the chart's ranges, the stats with their sources, nothing shifting as they arrive, and axe at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await recordLayoutShifts(page);
      await page.goto("/");
      await expect(page.getByText(/Demo data: no node is configured/)).toBeVisible();
      await expect(page.locator("[data-market-change]")).toHaveText(/% in 24 h/);
      await expect(page.locator("[data-market-updated]")).toHaveText(/updated \d+ (s|min) ago/);

      const chart = page.getByRole("img", { name: new RegExp(`^${site.token.symbol} price over the last 24 hours \\(demo data\\)`) });
      await expect(chart).toBeVisible();
      // The age and the block wrap to a second line on a phone: the space for it is kept from the first paint.
      expect(await layoutShifts(page)).toEqual([]);
      // A day's 289 five-minute candles are read by hour, a week's 169 hourly ones by day (decision 049).
      const table = page.getByRole("table", { name: /price over the last 24 hours/ });
      const rows = page.locator("[data-chart-table] tbody tr");
      await expect(table).toHaveAccessibleName(/One row per hour\.$/);
      await expect(rows).toHaveCount(25);
      for (const [label, name, count] of [
        ["Show the last 7 days", "the last 7 days", 8],
        ["Show the last 30 days", "the last 30 days", 31],
      ] as const) {
        await page.getByRole("button", { name: label }).click();
        await expect(page.getByRole("button", { name: label })).toHaveAttribute("aria-pressed", "true");
        await expect(page.getByRole("img", { name: new RegExp(`price over ${name}`) })).toBeVisible();
        await expect(rows).toHaveCount(count);
      }

      const stats = page.getByRole("region", { name: "The market, read from the chain" });
      for (const label of ["Market cap", "FDV", "Liquidity", "24 h volume", "Holders", "Circulating supply", "Total supply"])
        await expect(stats.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) })).toHaveCount(1);
      await expect(stats.locator("[data-stat=total_supply]")).toHaveText(`1,000,000,000 ${site.token.symbol}`);
      await expect(stats.locator("[data-stat-source]")).toHaveText(Array(7).fill("Demo data, not from the chain"));
      await expect(stats.getByRole("link", { name: "What is this? (Market cap in the glossary)" })).toHaveAttribute(
        "href",
        "/glossary#market-cap",
      );

      const tokenomics = page.getByRole("region", { name: "Supply and tokenomics" });
      await expect(tokenomics.getByRole("link", { name: /0x000000000000000000000000000000000000dEaD/ })).toHaveAttribute(
        "href",
        `${site.explorer.baseUrl}/address/0x000000000000000000000000000000000000dEaD`,
      );
      await expect(tokenomics.locator("[data-rewards=credited]")).toHaveText(new RegExp(`\\d ${site.token.symbol}$`));
      await expectAccessible(page);
      await page.screenshot({ path: `test-results/market-home-${width}.png`, fullPage: false });
    });
  }
});
