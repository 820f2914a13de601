import { COLOR_SCHEME_HEAD_SCRIPT } from "../../app/lib/color-scheme.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { expect, test } from "./support/test.ts";

const site = loadSiteConfig();
const guide = "/browser-import-token";

/** Decision 053: a guide, like the home page, is prerendered HTML with one small script of its own, never React. */
test.describe("guides are articles without React", () => {
  for (const path of [guide, "/"]) {
    test(`${path} loads one module script of its own and no router or hydration data`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const scripts = await page
        .locator("script")
        .evaluateAll((nodes) =>
          nodes.map((node) => ({ src: node.getAttribute("src"), type: node.getAttribute("type"), inline: node.textContent?.trim() ?? "" })),
        );
      // The head's colour-scheme script (allowed by its hash), then the article's own module.
      expect(scripts).toHaveLength(2);
      expect(scripts[0]?.inline).toBe(COLOR_SCHEME_HEAD_SCRIPT);
      expect(scripts[1]?.type).toBe("module");
      expect(scripts[1]?.src).toMatch(/^\/assets\/article-[\w-]+\.js$/);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  }

  test("the footer's dialog opens and closes by keyboard, keeps Tab inside and copies the address", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(guide);
    const opener = page.getByRole("contentinfo").getByRole("button", { name: "Public Token Address" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Public Token Address" });
    await expect(dialog).toBeVisible();

    // Its name changes from Copy to Copied!: one locator for both.
    const copy = dialog.getByRole("button", { name: /^Cop(y|ied!)$/ });
    await copy.click();
    await expect(copy).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(site.token.address);

    const explorer = dialog.getByRole("link", { name: /View on/ });
    await explorer.focus();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(explorer).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("Login and Register in the footer say Coming soon while sign-ups are", async ({ page }) => {
    expect(site.signups, "the demo configuration has sign-ups coming soon").toBe("coming-soon");
    await page.goto(guide);
    await page.getByRole("contentinfo").getByRole("link", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL(guide);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a member this visit knows gets Dashboard, Account and Logout, and Logout signs out", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    // The dashboard learns the visitor is a member; the guide then uses what the visit knows, with no call.
    await page.goto("/dashboard");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })).toBeVisible();
    const calls: string[] = [];
    page.on("request", (request) => {
      // Only the guide's own calls: the dashboard's may still be on their way.
      if (request.url().includes("/api/") && request.headers().referer?.endsWith(guide)) calls.push(new URL(request.url()).pathname);
    });
    await page.goto(guide);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(footer.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/account");
    // Who the visitor is comes from the visit, with no call; a member's article asks only which page quests it offers.
    expect(calls.filter((call) => call !== "/api/quests/offer")).toEqual([]);

    await footer.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    expect(calls).toContain("/api/signout");
    expect((await context.cookies()).find((cookie) => cookie.name === "session")).toBeUndefined();
  });
});

test.describe("the guide index, the glossary, the legal pages and the earn page are articles too", () => {
  for (const path of ["/how-to", "/glossary", "/privacy-policy", "/terms-and-conditions", "/earn-tokens"]) {
    test(`${path} loads the articles' script and no React`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await page.locator("script[src]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src")))).toEqual([
        expect.stringMatching(/^\/assets\/article-[\w-]+\.js$/),
      ]);
      expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    });
  }

  test("the navigation's menu opens and closes by keyboard on a phone, and the bar changes once scrolled", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/privacy-policy");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeHidden();
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeHidden();

    const header = page.getByRole("banner");
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await expect(header).toHaveClass(/shadow-lg/);
  });

  test("a member is recognised with one call, and Logout in the navigation signs out", async ({ page, context, baseURL }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/is-authenticated")) asked.push(request.url());
    });
    await page.goto("/glossary");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect(asked, "a visitor without the hint cookie is not asked about").toEqual([]);

    await signedInUser(context, baseURL as string);
    await page.goto("/glossary");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Account" })).toBeVisible();
    expect(asked).toHaveLength(1);
    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    expect((await context.cookies()).find((cookie) => cookie.name === "session")).toBeUndefined();
  });

  test("Login in the navigation and the earn page's sign-up say Coming soon while sign-ups are", async ({ page }) => {
    await page.goto("/terms-and-conditions");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL("/terms-and-conditions");

    await page.goto("/earn-tokens");
    await page.getByRole("main").getByRole("link", { name: "Sign up for rewards" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL("/earn-tokens");
  });

  test("the guide index searches from ?q= on arrival, by keyboard, with no React", async ({ page }) => {
    await page.goto("/how-to?q=recovery+phrase");
    await expect(page.getByRole("searchbox", { name: "Search the guides" })).toHaveValue("recovery phrase");
    await expect(page.getByRole("search").getByRole("link", { name: /^Your Secret Recovery Phrase/ })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /found$/ })).toHaveText(/^\d+ guides? found$/);
    await page.getByRole("searchbox", { name: "Search the guides" }).press("Escape");
    await expect(page.getByRole("search").getByRole("link")).toHaveCount(0);
    await page.goto("/how-to#ios");
    await expect(page.locator("details#ios")).toHaveAttribute("open", "");
  });
});

test.describe("guides without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("read whole: steps, pictures, links and the address", async ({ page }) => {
    await page.goto(guide);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Step 1:/ })).toBeVisible();
    await expect(page.locator("article img").first()).toHaveAttribute("alt", /.{20,}/);
    await expect(page.getByText(site.token.address.slice(2, 6)).first()).toBeVisible();
    await page.getByRole("link", { name: "All guides" }).click();
    await expect(page).toHaveURL("/how-to");
  });
});
