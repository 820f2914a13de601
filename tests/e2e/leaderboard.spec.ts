import { claimHistory, signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test.describe("leaderboard", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a member opts in with a display name and appears on the season of their claims, without email`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const user = await signedInUser(context, baseURL as string);
      await claimHistory(context, user.email, 1);
      const name = `Learner ${width} ${Date.now().toString(36)}`;

      await page.goto("/account");
      // The address comes from the API once the page runs, so the form is live.
      await expect(page.getByText(user.email).first()).toBeVisible();
      const card = page.getByRole("region", { name: "Leaderboard" });
      const field = card.getByLabel("Display name");
      await field.fill("0xAbC12345");
      await card.getByRole("button", { name: "Save name" }).click();
      await expect(card.getByRole("alert")).toContainText("wallet address");
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await field.fill(name);
      await card.getByRole("button", { name: "Save name" }).click();
      await expect(card.getByRole("status")).toContainText("Saved.");
      await expectAccessible(page);

      // Yesterday's claim counts in yesterday's UTC month: this season, or (on the 1st) the one before, at its own URL.
      const season = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 7);
      await page.goto(`/leaderboard?season=${season}`);
      await expect(page.getByRole("heading", { name: "Leaderboard", level: 1 })).toBeVisible();
      const row = page.getByRole("row", { name: new RegExp(name) });
      await expect(row).toBeVisible();
      await expect(page.getByRole("table")).not.toContainText(user.email);
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`leaderboard-${width}.png`), fullPage: true });

      await page.getByRole("link", { name: /^Previous season/ }).click();
      await expect(page).toHaveURL(/\?season=\d{4}-\d{2}$/);
      await expect(page.getByRole("heading", { name: /\(ended\)$/, level: 2 })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
