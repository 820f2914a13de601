import { PLATFORM_STORAGE_KEY } from "../../app/features/guides/platform-preference.ts";
import { howToBuyPath } from "../../common/links.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const { symbol, slug } = site.token;
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

const choice = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Where do you use your wallet?" });
const list = (page: import("@playwright/test").Page, name: string) =>
  page.locator("details").filter({ has: page.locator("summary", { hasText: name }) });

for (const [phone, userAgent, name, choiceName] of [
  ["Android", ANDROID, "Android", "Android phone"],
  ["iPhone", IPHONE, "iOS", "iPhone"],
] as const) {
  test.describe(`on an ${phone}`, () => {
    test.use({ userAgent, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test(`/how-to asks for the platform first and opens the ${name} guides, readable in the dark scheme too`, async ({ page }) => {
      await page.goto("/how-to");
      await expect(choice(page).getByRole("link", { name: choiceName })).toHaveAttribute("aria-current", "true");
      await expect(list(page, name)).toHaveAttribute("open", "");
      await expect(list(page, "Browser")).not.toHaveAttribute("open", "");
      await expect(list(page, name).getByRole("link").first()).toBeVisible();
      await expectAccessible(page);
      await page.emulateMedia({ colorScheme: "dark" });
      await page.reload();
      await expect(choice(page).getByRole("link", { name: choiceName })).toHaveAttribute("aria-current", "true");
      await expectAccessible(page);
    });
  });
}

test.describe("on a computer", () => {
  test("/how-to opens the browser guides, and a choice is remembered on the next visit and on the buy path", async ({ page }) => {
    await page.goto("/how-to");
    await expect(list(page, "Browser")).toHaveAttribute("open", "");
    await expect(choice(page).getByRole("link", { name: "Browser extension" })).not.toHaveAttribute("aria-current", "true");

    await choice(page).getByRole("link", { name: "iPhone" }).click();
    await expect(list(page, "iOS")).toHaveAttribute("open", "");
    await expect(list(page, "Browser")).not.toHaveAttribute("open", "");
    await expect(list(page, "iOS").getByRole("link", { name: /Install MetaMask on iOS/ })).toBeInViewport();

    await page.goto("/how-to");
    await expect(list(page, "iOS")).toHaveAttribute("open", "");
    await expect(choice(page).getByRole("link", { name: "iPhone" })).toHaveAttribute("aria-current", "true");
    await page.goto(howToBuyPath(site));
    await expect(page.locator("details#ios")).toHaveAttribute("open", "");

    // Opening another list by its summary is a choice too.
    await page.goto("/how-to");
    await list(page, "Android").locator("summary").click();
    // The details element's toggle event comes a task after the click: a reader cannot leave sooner, a script can.
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), PLATFORM_STORAGE_KEY)).toBe("android");
    await page.goto("/how-to");
    await expect(list(page, "Android")).toHaveAttribute("open", "");
    await expect(list(page, "iOS")).not.toHaveAttribute("open", "");
  });

  test("the address's #platform wins over the remembered choice", async ({ page }) => {
    await page.goto("/how-to");
    await choice(page).getByRole("link", { name: "Android phone" }).click();
    await page.goto("/how-to#ios");
    await expect(page.locator("details#ios")).toHaveAttribute("open", "");
    await expect(page.locator("details#android")).not.toHaveAttribute("open", "");
  });

  test("the recovery-phrase line links to its guide, and the browser list puts buying before adding liquidity", async ({ page }) => {
    await page.goto("/how-to");
    await page.getByRole("link", { name: "recovery-phrase guide" }).click();
    await expect(page).toHaveURL("/guides-secret-recovery-phrase");
    await page.goto("/how-to");
    const titles = await list(page, "Browser").getByRole("listitem").allInnerTexts();
    const buy = titles.findIndex((text) => text.includes(`Buy ${symbol}`));
    const liquidity = titles.findIndex((text) => text.includes("Add liquidity"));
    expect(buy).toBeGreaterThan(-1);
    expect(buy).toBeLessThan(liquidity);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/how-to's platform links open each list", async ({ page }) => {
    await page.goto("/how-to");
    await expect(list(page, "Android")).not.toHaveAttribute("open", "");
    await choice(page).getByRole("link", { name: "Android phone" }).click();
    await expect(page).toHaveURL(/#android-guides$/);
    await expect(list(page, "Android")).toHaveAttribute("open", "");
    await expect(page.getByRole("link", { name: /Install MetaMask on Android/ })).toBeVisible();
    await choice(page).getByRole("link", { name: "iPhone" }).click();
    await expect(page.getByRole("link", { name: /Install MetaMask on iOS/ })).toBeVisible();
  });

  test("the buy path's platform links open each platform's steps", async ({ page }) => {
    await page.goto(howToBuyPath(site));
    await choice(page).getByRole("link", { name: "Android phone" }).click();
    await expect(page.locator("details#android").getByRole("link", { name: `Guide: Buy ${symbol} with a swap` })).toBeVisible();
  });
});

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("home links the buy path, which leads from ETH to the token in the wallet", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: `How to buy ${symbol}, step by step` }).click();
      await expect(page).toHaveURL(howToBuyPath(site));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`How to buy ${symbol}`);
      await choice(page).getByRole("link", { name: "Android phone" }).click();
      const steps = page.locator("details#android").getByRole("listitem");
      await expect(steps.getByRole("heading", { level: 2 })).toHaveText([
        "Set up MetaMask",
        "Get ETH into your wallet",
        `Buy ${symbol} with a swap`,
        `Add ${symbol} to your wallet`,
      ]);
      await expectAccessible(page);
      await steps.getByRole("link", { name: `Guide: Buy ${symbol} with a swap` }).click();
      await expect(page).toHaveURL(`/android-buy-${slug}`);
    });

    test("/faq lists its questions, each answered with a link to a guide", async ({ page }) => {
      await page.goto("/faq");
      const questions = page.getByRole("navigation", { name: "Questions" }).getByRole("link");
      expect(await questions.count()).toBeGreaterThanOrEqual(15);
      await questions.filter({ hasText: "Is the daily reward free?" }).click();
      const answer = page.getByRole("region", { name: "Is the daily reward free?" });
      await expect(answer).toBeInViewport();
      await expect(answer).toContainText(`${site.rewards.dailyAmount.toLocaleString("en-US")} ${symbol}`);
      await expect(
        page
          .getByRole("region", { name: "Someone from support messaged me. Is it you?" })
          .getByRole("link", { name: "spot scams before they cost you" }),
      ).toHaveAttribute("href", "/guides-avoid-scams");
      await expectAccessible(page);
    });

    test("the glossary has at least 40 terms and an A–Z index that jumps to each letter", async ({ page }) => {
      await page.goto("/glossary");
      expect(await page.getByRole("term").count()).toBeGreaterThanOrEqual(40);
      const index = page.getByRole("navigation", { name: "Glossary from A to Z" });
      await index.getByRole("link", { name: "S", exact: true }).click();
      await expect(page).toHaveURL(/#letter-s$/);
      await expect(page.getByRole("heading", { level: 2, name: "S", exact: true })).toBeInViewport();
      await expect(page.getByRole("term").filter({ hasText: "Secret Recovery Phrase" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test("search finds the FAQ, the new guides and the glossary", async ({ page }) => {
  await page.goto("/how-to");
  const box = page.getByRole("searchbox", { name: "Search the guides" });
  await box.fill("daily reward free");
  await expect(page.getByRole("search").getByRole("link", { name: /^Questions newcomers ask/ })).toHaveAttribute("href", "/faq");
  await box.fill("hardware wallet");
  await expect(page.getByRole("search").getByRole("link", { name: /^Keep your savings on a hardware wallet/ })).toBeVisible();
  await box.fill("address poisoning");
  await expect(page.getByRole("search").getByRole("link", { name: /^Glossary/ })).toHaveAttribute("href", /^\/glossary/);
});
