import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const { symbol } = site.token;
const claims = Math.ceil(site.rewards.minTransfer / site.rewards.dailyAmount);

test.describe("the earn page", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: lists what pays with its amount, maps the five kinds of task, and promises nothing later`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/earn-tokens");
      const main = page.getByRole("main");
      await expect(main).toContainText(`${claims} daily claims, ${claims} days at one a day`);
      const ways = main.getByRole("region", { name: "Ways to earn" });
      for (const name of ["Daily claim", "Streak bonuses", "Quizzes", "Referrals"])
        await expect(ways.getByRole("heading", { name, level: 3 })).toBeVisible();
      await expect(ways).toContainText(`Sign in and claim ${site.rewards.dailyAmount} ${symbol}`);
      await expect(ways).toContainText(`50 ${symbol} at 7 days, 300 ${symbol} at 30 days, 1,500 ${symbol} at 100 days`);
      await expect(ways).toContainText(`${site.rewards.quizXp} XP and ${site.rewards.quizTokens} ${symbol} for a first pass`);
      for (const kind of ["Check-ins", "Videos", "Surveys", "Sharing", "Inviting"])
        await expect(main.getByText(kind, { exact: true })).toBeVisible();
      await expect(main).not.toContainText("Coming later");
      await expect(ways.getByRole("link", { name: "leaderboard" })).toHaveAttribute("href", "/leaderboard");
      await expect(main.getByRole("link", { name: "Sign up for rewards" })).toBeVisible();
      await expect(main.getByRole("heading", { name: "Your progress" })).toBeHidden();
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`earn-${width}.png`), fullPage: true });
    });
  }

  test("a signed-in member sees their own progress, not Sign up", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/earn-tokens");
    const progress = page.getByRole("heading", { name: "Your progress" });
    await expect(progress).toBeVisible();
    const main = page.getByRole("main");
    await expect(main).toContainText("No streak yet: claim today to start one.");
    await expect(main).toContainText(`0 ${symbol}: ${site.rewards.minTransfer.toLocaleString("en-US")} ${symbol} to go before a transfer.`);
    await expect(main).toContainText(/0 of \d+ quizzes passed, 0 XP\./);
    await expect(main.getByRole("link", { name: "Sign up for rewards" })).toBeHidden();
    await expect(main.getByRole("link", { name: "Go to your dashboard" })).toBeVisible();
    await expect(main.getByRole("link", { name: "See the leaderboard" })).toHaveAttribute("href", "/leaderboard");
    await expectAccessible(page);
  });
});
