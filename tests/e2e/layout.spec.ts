import { signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test.describe("shared layout", () => {
  test("the navigation bar changes style once the page is scrolled 15 px, and keeps its contrast", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header").filter({ has: page.getByRole("navigation", { name: "Main" }) });
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 14));
    await expect(header).toHaveAttribute("data-scrolled", "false");
    await page.evaluate(() => window.scrollTo(0, 15));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    // The scrolled bar's own colours, read where the reader left the page.
    await expectAccessible(page, { rules: ["color-contrast"], atTop: false });
    await expect(header).toHaveAttribute("data-scrolled", "true");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute("data-scrolled", "false");
  });

  test("the navigation has Home, the wallet guides, Login, Register and the Earn button", async ({ page }) => {
    await page.goto("/earn-tokens");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toHaveAttribute("href", "/how-to");
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Register" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Earn Tokens" })).toHaveAttribute("href", "/earn-tokens");
  });

  test("Login and Register say Coming soon instead of navigating while visitors are anonymous", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL("/");
    await page.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByRole("alert")).toHaveCount(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL("/");
  });

  test("the footer has every item the spec lists", async ({ page }) => {
    await page.goto("/privacy-policy");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(footer.getByRole("button", { name: "Who We Are" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Whitepaper (PDF)" })).toHaveAttribute("href", "/whitepaper.pdf");
    await expect(footer.getByRole("link", { name: "Wallet Guide" })).toHaveAttribute("href", "/how-to");
    await expect(footer.getByRole("button", { name: "Public Token Address" })).toBeVisible();
    await expect(footer.getByRole("link", { name: /Contract Source Code/ })).toHaveAttribute(
      "href",
      /etherscan\.io\/address\/0x[0-9a-fA-F]{40}#code$/,
    );
    await expect(footer.getByRole("link", { name: "Register" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Login" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Earn Tokens" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Leaderboard" })).toHaveAttribute("href", "/leaderboard");
    for (const network of ["X (Twitter)", "Telegram", "Discord", "YouTube"]) {
      await expect(footer.getByRole("link", { name: new RegExp(`^${network.replace(/[()]/g, "\\$&")}`) })).toHaveAttribute(
        "href",
        /^https:\/\//,
      );
    }
  });

  test("on a React page the footer's dialogs show their text, fetched on the first opening, and copy the address", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/contact-us");
    const footer = page.getByRole("contentinfo");
    // Closed, the dialog holds its title only: the first visit does not download its text.
    await expect(footer.locator("dialog").first()).toHaveText(/^Who We Are×$/);
    await footer.getByRole("button", { name: "Who We Are" }).click();
    const whoWeAre = page.getByRole("dialog", { name: "Who We Are" });
    await expect(whoWeAre).toContainText("We will never ask for your recovery phrase or private key");
    await whoWeAre.getByRole("button", { name: "Close" }).click();
    await expect(whoWeAre).toBeHidden();

    await footer.getByRole("button", { name: "Public Token Address" }).click();
    const tokenAddress = page.getByRole("dialog", { name: "Public Token Address" });
    const copy = tokenAddress.getByRole("button", { name: /^Cop(y|ied!)$/ });
    await copy.click();
    await expect(copy).toHaveText("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.keyboard.press("Escape");
    await expect(tokenAddress).toBeHidden();
    await expect(footer.getByRole("button", { name: "Public Token Address" })).toBeFocused();
  });

  test("on a phone the menu button opens and closes the navigation", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeVisible();
    await menu.click();
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeHidden();
  });

  test("on a phone the menu closes once one of its links has opened a page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    const menu = page.getByRole("button", { name: "Menu" });
    const nav = page.getByRole("navigation", { name: "Main" });
    await menu.click();
    await nav.getByRole("link", { name: "Wallet Guides" }).click();
    await expect(page).toHaveURL("/how-to");
    await expect(page.getByRole("heading", { level: 1, name: "Wallet guides" })).toBeVisible();
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Wallet Guides" })).toBeHidden();
  });

  test("a keyboard user can skip to the main content", async ({ page }) => {
    await page.goto("/earn-tokens");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
  });

  test("the focused skip link sits above the header and covers nothing of the logo", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    const logo = page.getByRole("navigation", { name: "Main" }).getByRole("link").first();
    const [skipBox, logoBox] = [await skip.boundingBox(), await logo.boundingBox()];
    expect(skipBox && logoBox && skipBox.y + skipBox.height <= logoBox.y).toBe(true);
    const onTop = await skip.evaluate((link) => {
      const box = link.getBoundingClientRect();
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === link;
    });
    expect(onTop).toBe(true);
  });

  test("the focus ring stands out from the card and from the orange Login button", async ({ page }) => {
    await page.goto("/login");
    const login = page.getByRole("button", { name: "Login" });
    // The button is disabled until React takes over, and Tab skips a disabled button: on a busy machine that comes after the load event.
    await expect(login).toBeEnabled();
    await page.getByRole("link", { name: "Forgot your password?" }).focus();
    await page.keyboard.press("Tab");
    await expect(login).toBeFocused();
    const style = (property: "outlineColor" | "outlineWidth" | "backgroundColor") =>
      login.evaluate((button, name) => getComputedStyle(button)[name], property);
    expect(await style("outlineWidth")).toBe("3px");
    // ink-900, 16:1 on the white card, not the brand orange of the button (polled: .btn eases its colours in).
    await expect.poll(() => style("outlineColor")).toBe("rgb(15, 29, 51)");
    expect(await style("backgroundColor")).not.toBe("rgb(15, 29, 51)");
  });

  test("at 768 px a member's navigation is one opaque row, also once scrolled", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto("/how-to");
    const header = page.locator("header").filter({ has: page.getByRole("navigation", { name: "Main" }) });
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeVisible();
    const oneRow = async () => {
      const [headerBox, menuBox] = [await header.boundingBox(), await menu.boundingBox()];
      return Boolean(headerBox && menuBox && headerBox.height < menuBox.height * 2);
    };
    expect(await oneRow()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect(header).toHaveAttribute("data-scrolled", "true");
    expect(await oneRow()).toBe(true);
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });
});

test.describe("pages and the 404", () => {
  for (const [path, heading] of [
    ["/", /Kestrel/],
    ["/earn-tokens", /Earn KSTL every day/],
    ["/privacy-policy", "Privacy Policy"],
    ["/terms-and-conditions", "Terms and Conditions"],
  ] as const) {
    test(`${path} renders and passes axe`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expectAccessible(page);
    });
  }

  test("an unknown path answers 404 with the 404 page, each platform's guides and a link home", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found (404)");
    await expect(page.getByText("404", { exact: true })).toHaveCount(0);
    const instead = page.getByRole("navigation", { name: "Where to go instead" });
    await expect(instead.getByRole("link", { name: "Browser" })).toHaveAttribute("href", "/how-to#browser");
    await expect(instead.getByRole("link", { name: "Guides and Tips" })).toHaveAttribute("href", "/how-to#tips");
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Go to the home page" }).click();
    await expect(page).toHaveURL("/");
  });

  test("pages carry the security headers", async ({ page }) => {
    // An article (the home page) carries one inline script, the colour scheme's; a React page React Router's too: all by hash.
    for (const [path, hydrates] of [
      ["/", false],
      ["/login", true],
      ["/no-such-page", true],
    ] as const) {
      const response = await page.goto(path);
      const headers = response?.headers() ?? {};
      const hashes = headers["content-security-policy"]?.match(/'sha256-/g) ?? [];
      if (hydrates) expect(hashes.length, path).toBeGreaterThan(1);
      else expect(hashes, path).toHaveLength(1);
      expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
      expect(headers["strict-transport-security"]).toContain("max-age=");
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    }
  });

  test("the earn-tokens sign-up links say Coming soon", async ({ page }) => {
    await page.goto("/earn-tokens");
    await page.getByRole("main").getByRole("link", { name: "Sign up for rewards" }).click();
    await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
    await expect(page).toHaveURL("/earn-tokens");
  });
});

test.describe("asking whether the visitor is signed in", () => {
  test("an anonymous visitor's pages do not ask (no session, so nothing to ask); a signed-in visitor's do", async ({
    page,
    context,
    baseURL,
  }) => {
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/is-authenticated")) asked.push(request.url());
    });
    await page.goto("/earn-tokens");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    expect(asked).toEqual([]);

    await signedInUser(context, baseURL as string);
    await page.goto("/earn-tokens");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })).toBeVisible();
    expect(asked).toHaveLength(1);
  });
});
