import { layoutShifts, recordLayoutShifts } from "./support/layout-shifts.ts";
import { serveSplitPage } from "./support/split-page.ts";
import { expect, test } from "./support/test.ts";

// The site's navigation (a React page and a short one) and the guides' bar (an article).
for (const path of ["/", "/login", "/browser-install-metamask"]) {
  test(`${path} arriving in two parts, cut inside its header, is painted only whole, so nothing on it moves`, async ({ page, baseURL }) => {
    const split = await serveSplitPage(baseURL as string, path);
    try {
      await recordLayoutShifts(page);
      await page.goto(split.url, { waitUntil: "commit" });
      await expect.poll(() => page.evaluate(() => document.querySelector("header li") !== null)).toBe(true);
      // Time for the browser to paint the half it has, which it would without the page's render-blocking hint.
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => performance.getEntriesByType("paint").map((entry) => entry.name))).toEqual([]);

      split.release();
      await page.waitForLoadState("load");
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await page.waitForTimeout(300);
      expect(await layoutShifts(page)).toEqual([]);
    } finally {
      split.release();
      await split.close();
    }
  });
}
