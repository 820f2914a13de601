import { howToBuyPath, swapUrl } from "../../common/links.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { expect, test } from "./support/test.ts";

const site = loadSiteConfig();

test.describe("home page", () => {
  test("shows the token, its links and the Earn button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${site.token.name} (${site.token.symbol})`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Whitepaper (PDF)" })).toHaveAttribute("href", "/whitepaper.pdf");
    await expect(main.getByRole("link", { name: /Contract Source Code/ })).toHaveAttribute(
      "href",
      `${site.explorer.baseUrl}/address/${site.token.address}#code`,
    );
    await expect(main.getByRole("link", { name: "See all wallet guides" })).toHaveAttribute("href", "/how-to");
    await expect(main.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact-us");
    await expect(main.getByRole("link", { name: "How earning works" })).toHaveAttribute("href", "/earn-tokens");
    await expect(main.getByRole("link", { name: `Buy ${site.token.symbol}`, exact: true })).toHaveAttribute("href", howToBuyPath(site));
    await main.getByRole("link", { name: "Sign up for rewards" }).first().click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
  });

  test("each card of the token in the open says what it opens, beside a line icon, and Buy KSTL goes to the DEX", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByRole("region", { name: "The token, in the open" }).getByRole("listitem");
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole("button", { name: "Public Token Address" })).toContainText("The contract address to copy and check.");
    await expect(cards.getByRole("link", { name: /Contract Source Code/ })).toContainText(
      `The verified code, read on ${site.explorer.name}.`,
    );
    await expect(cards.getByRole("link", { name: /Whitepaper \(PDF\)/ })).toContainText("The supply and the reward rules, in full.");
    await expect(cards.getByRole("button", { name: /Who We Are/ })).toContainText("The people behind the token");
    for (const card of await cards.all()) await expect(card.locator("svg[aria-hidden=true]")).toHaveCount(1);
    const buy = page.getByRole("link", { name: `Buy ${site.token.symbol} on ${site.dex.name} (opens in a new tab)` });
    await expect(buy).toHaveAttribute("href", swapUrl(site));
    await expect(buy).toHaveAttribute("target", "_blank");
  });

  test("the Public Token Address modal is labelled, traps focus, copies, and closes on Escape", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await page.goto("/");
    const opener = page.getByRole("main").getByRole("button", { name: "Public Token Address" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Public Token Address" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(site.token.address)).toBeVisible();
    const qr = dialog.getByRole("img", { name: `QR code of the ${site.token.symbol} contract address` });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);

    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    }

    await page.clock.pauseAt(Date.now() + 60_000);
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.token.address);
    await page.clock.runFor(1_900);
    await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("a failed copy is only logged: the label stays and nothing is shown", async ({ page }) => {
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") warnings.push(message.text());
    });
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", { value: { writeText: () => Promise.reject(new Error("denied")) } });
    });
    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Public Token Address" }).click();
    const dialog = page.getByRole("dialog", { name: "Public Token Address" });
    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect.poll(() => warnings.join("\n")).toContain("Could not copy");
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("the Who We Are modal opens from the keyboard and closes with its Close button", async ({ page }) => {
    await page.goto("/");
    const opener = page.getByRole("main").getByRole("button", { name: "Who We Are" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Who We Are" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(site.site.about);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the footer opens the same modals on other pages", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await page.getByRole("contentinfo").getByRole("button", { name: "Public Token Address" }).click();
    await expect(page.getByRole("dialog", { name: "Public Token Address" })).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("contentinfo").getByRole("button", { name: "Who We Are" }).click();
    await expect(page.getByRole("dialog", { name: "Who We Are" })).toBeVisible();
  });
});
