import { guideCatalog } from "../../app/content/guide-catalog.ts";
import { sitePages } from "../../app/site-pages.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { REFLOW_WIDTHS, reflowProblems } from "./support/reflow.ts";
import { expect, test } from "./support/test.ts";

const site = loadSiteConfig();
// The guides are checked at every width by guides.spec.ts, on the load that checks their content.
const guidePaths = new Set(guideCatalog(site).map((guide) => guide.path));
const publicPaths = sitePages(site)
  .map((page) => page.path)
  .filter((path) => path !== "/dashboard" && !guidePaths.has(path));

async function expectReflowAtEveryWidth(page: import("@playwright/test").Page) {
  for (const width of REFLOW_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    expect(await reflowProblems(page), `at ${width}px`).toEqual([]);
  }
}

test.describe("no page is wider than the screen, and no printed address is cut off (320, 390, 768, 1280 px)", () => {
  for (const path of [...publicPaths, "/no-such-page"]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectReflowAtEveryWidth(page);
    });
  }

  test("/dashboard, signed in", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Balance" })).toBeVisible();
    await expectReflowAtEveryWidth(page);
  });

  test("the token-address dialog on a 320 px phone", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Public Token Address" }).click();
    await expect(page.getByRole("dialog", { name: "Public Token Address" })).toBeVisible();
    expect(await reflowProblems(page)).toEqual([]);
  });
});
