import { loadSiteConfig } from "../../config/site.ts";
import { claimHistory, signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const symbol = site.token.symbol;

test.describe("the streak on the dashboard", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: the claim comes first, and a seventh day in a row pays its bonus where the member looks`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const user = await signedInUser(context, baseURL as string);
      await claimHistory(context, user.email, 6);
      await page.goto("/dashboard");

      const claim = page.getByRole("button", { name: "Claim daily reward" });
      await expect(claim).toBeInViewport();
      const streak = page.getByTestId("streak");
      await expect(streak).toContainText("6 days in a row");
      await expect(streak).toContainText("Claim before 00:00 UTC tonight to keep your streak.");
      await expect(streak).toContainText(`1 day to the 7-day bonus of 50 ${symbol}.`);
      const days = streak.getByRole("list", { name: "Your last seven days (UTC)" }).getByRole("listitem");
      await expect(days).toHaveCount(7);
      await expect(days.last()).toContainText("today, not claimed yet");
      await expect(days.first()).toContainText("claimed");
      await expect(page.getByTestId("transfer-estimate")).toHaveText(`At today's rate (100 ${symbol} a day): 94 days.`);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`streak-before-${width}.png`), fullPage: width === 390 });

      await claim.click();
      const celebration = page.getByTestId("claim-celebration");
      await expect(celebration).toContainText("Day 7 of your streak!");
      await expect(celebration).toContainText(`+50 ${symbol} streak bonus for 7 days in a row.`);
      await expect(celebration).toContainText(`Next: the 30-day bonus of 300 ${symbol}, in 23 days.`);
      await expect(page.getByTestId("balance")).toHaveText(`750 ${symbol}`);
      await expect(streak).toContainText("7 days in a row");
      await expect(streak).toContainText("You hold a freeze");
      await expect(page.getByRole("region", { name: "Recent activity" }).getByText("Streak bonus")).toBeVisible();
      // Contrast is judged on the notice as it stays, not halfway through its fade-in.
      await celebration.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`streak-after-${width}.png`), fullPage: width === 390 });
    });
  }

  test("the notice after a claim grows in, and holds still for a reader who asked for less motion", async ({ browser, baseURL }) => {
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await browser.newContext({ baseURL, reducedMotion });
      const page = await context.newPage();
      await signedInUser(context, baseURL as string);
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Claim daily reward" }).click();
      const celebration = page.getByTestId("claim-celebration");
      await expect(celebration).toContainText("Day 1: your streak starts today.");
      const animation = await celebration.evaluate((element) => getComputedStyle(element).animationName);
      expect(animation).toBe(reducedMotion === "reduce" ? "none" : "claim-celebration");
      await context.close();
    }
  });
});
