import { signedInUser } from "./support/accounts.ts";
import { enrol } from "./support/console-door.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test.describe("quest settings in the console", () => {
  test("an admin defines a page quest from the keyboard, edits its XP and pauses it; members see it paused", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInUser(context, baseURL as string, { role: "admin" });
    await page.goto("/admin/quests");
    await enrol(page);
    await expect(page.getByRole("heading", { name: "Quests", level: 1 })).toBeVisible();
    const table = page.getByRole("region", { name: "Quests" }).getByRole("table");
    await expect(table.getByRole("row", { name: /Visit the glossary visit \/glossary 0 20 once active/ })).toBeVisible();

    const define = page.getByRole("region", { name: "Define a page quest" });
    await define.getByLabel("Kind").selectOption("visit");
    await define.getByLabel("Kind").focus();
    for (const [label, text] of [
      ["Id (lowercase letters, digits, hyphens)", "faq"],
      ["Title", "Look at the FAQ"],
      ["Page (a path on this site)", "/faq"],
      ["XP", "15"],
    ] as const) {
      await page.keyboard.press("Tab");
      await expect(define.getByLabel(label)).toBeFocused();
      await page.keyboard.type(text);
    }
    await page.keyboard.press("Tab");
    await expect(define.getByLabel("Period")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.type("a new page quest");
    await page.keyboard.press("Enter");
    await expect(define.getByRole("status")).toHaveText('The visit quest "Look at the FAQ" is active.');
    await expect(table.getByRole("row", { name: /Look at the FAQ visit \/faq 0 15 once active/ })).toBeVisible();

    const change = page.getByRole("region", { name: "Change a quest" });
    await change.getByLabel("Quest").selectOption({ label: "Look at the FAQ (visit, active)" });
    await expect(change.getByLabel("Title")).toHaveValue("Look at the FAQ");
    await change.getByLabel("XP", { exact: true }).fill("25");
    await change.getByLabel("Reason", { exact: true }).fill("the FAQ grew");
    await change.getByLabel("Reason", { exact: true }).press("Enter");
    await expect(change.getByRole("status").first()).toContainText('"Look at the FAQ" now pays 25 XP and 0 tokens');
    await change.getByLabel("Tokens (0 for XP only)").fill("5");
    await change.getByLabel("Reason", { exact: true }).fill("more");
    await change.getByRole("button", { name: "Save the amounts" }).click();
    await expect(change.getByRole("alert")).toHaveText(/Visit and read quests pay XP only/);

    await change.getByLabel("Status", { exact: true }).selectOption("paused");
    await change.getByLabel("Reason for the status").fill("checking the page");
    await change.getByRole("button", { name: "Set the status" }).click();
    await expect(table.getByRole("row", { name: /Look at the FAQ visit \/faq 0 25 once paused/ })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`console-quests-${width}.png`), fullPage: true });
    }

    await page.goto("/quests");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: "Look at the FAQ" }) });
    await expect(card).toContainText("25 XP, once. Paused for now.");
  });
});

test.describe("page quests", () => {
  test("opening the glossary and reading a guide to its end earn their XP once, shown on /quests", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/glossary");
    await expect(page.getByRole("alert")).toHaveText(/Quest done: Visit the glossary\. \+20 XP\./);
    await expectAccessible(page);

    await page.goto("/guides-secret-recovery-phrase");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("navigation", { name: /^More .* guides$/ }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("alert")).toHaveText(/Quest done: Read the recovery phrase guide to its end\. \+30 XP\./);

    await page.goto("/quests");
    await expect(page.getByTestId("xp-total")).toHaveText("Your XP: 50");
    const quests = page.getByRole("region", { name: "Visit and read" });
    await expect(quests.getByRole("listitem").filter({ hasText: "Visit the glossary" })).toContainText("Earned.");
    await expectAccessible(page);

    await page.goto("/glossary");
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });
});
