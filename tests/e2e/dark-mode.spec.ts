import type { Page } from "@playwright/test";
import { COLOR_SCHEME_KEY } from "../../app/lib/color-scheme.ts";
import { derivePalette } from "../../config/palette.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const PAGES = [
  { name: "home", path: "/" },
  { name: "guide", path: "/browser-import-token" },
  { name: "how-to", path: "/how-to" },
  { name: "login", path: "/login" },
  { name: "dashboard", path: "/dashboard" },
];
const WIDTHS = [390, 1280];

/** The page's painted background, as the reader sees it. */
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`the ${colorScheme} scheme, as the system prefers`, () => {
    test.use({ colorScheme });

    for (const { name, path } of PAGES) {
      test(`${name} passes axe at 390 and 1280 px`, async ({ page, context, baseURL }) => {
        if (name === "dashboard") {
          await signedInUser(context, baseURL as string, { first_name: "Nadia" });
        }
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
          if (name === "dashboard") await expect(page.getByText("Welcome, Nadia.")).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("data-scheme", colorScheme);
          const toggle = page.getByRole("banner").getByRole("button", { name: "Dark mode" });
          await expect(toggle).toHaveAttribute("aria-pressed", String(colorScheme === "dark"));
          await expectAccessible(page);
          await page.screenshot({ path: `test-results/dark-mode/${name}-${colorScheme}-${width}.png`, fullPage: true });
        }
      });
    }
  });
}

test.describe("the dark-mode toggle", () => {
  test.use({ colorScheme: "light" });

  test("is a keyboard-reachable toggle button, and the choice survives reloads on articles and React pages", async ({ page }) => {
    await page.goto("/");
    const light = await pageBackground(page);
    const toggle = page.getByRole("banner").getByRole("button", { name: "Dark mode" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.focus();
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "dark");
    const dark = await pageBackground(page);
    expect(dark).not.toBe(light);
    expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_SCHEME_KEY)).toBe("dark");

    for (const path of ["/", "/browser-import-token", "/login"]) {
      await page.goto(path);
      await expect(page.locator("html"), path).toHaveAttribute("data-scheme", "dark");
      await expect(page.getByRole("banner").getByRole("button", { name: "Dark mode" })).toHaveAttribute("aria-pressed", "true");
      expect(await pageBackground(page), path).toBe(dark);
    }

    // On a React page the toggle is React's: pressing it brings the light scheme back, remembered too.
    await page.getByRole("banner").getByRole("button", { name: "Dark mode" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-scheme", "light");
    await page.reload();
    await expect(page.getByRole("banner").getByRole("button", { name: "Dark mode" })).toHaveAttribute("aria-pressed", "false");
    expect(await pageBackground(page)).toBe(light);
  });

  test("paints the first frame in the remembered scheme: the head script runs before the stylesheet", async ({ page }) => {
    await page.addInitScript((key) => localStorage.setItem(key, "dark"), COLOR_SCHEME_KEY);
    // The root's scheme the moment the body is parsed, before any module script has run.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { schemeAtBody: string }).schemeAtBody = document.documentElement.dataset.scheme ?? "none";
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto("/browser-import-token");
    expect(await page.evaluate(() => (window as unknown as { schemeAtBody: string }).schemeAtBody)).toBe("dark");
  });
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false, colorScheme: "dark" });

  test("the system's dark scheme still applies, and the toggle, which could do nothing, is hidden", async ({ page }) => {
    await page.goto("/browser-import-token");
    const dark = derivePalette(loadSiteConfig().site.colors, "dark")["sand-50"];
    const rgb = [1, 3, 5].map((at) => Number.parseInt(dark.slice(at, at + 2), 16)).join(", ");
    await expect(page.locator("body")).toHaveCSS("background-color", `rgb(${rgb})`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Dark mode" })).toBeHidden();
  });
});
