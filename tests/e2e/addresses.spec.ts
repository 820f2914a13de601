import { explorerTokenUrl } from "../../common/links.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const { address } = site.token;

test.describe("printed addresses", () => {
  test("every address the MetaMask guide prints is an address block: Copy, Copied!, the explorer link", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.clock.install();
    await page.goto("/android-import-token");
    const blocks = page.getByRole("main").locator("[data-address]");
    expect(await blocks.count()).toBeGreaterThan(0);
    const printed = await page.getByRole("main").evaluate((main) => (main.textContent ?? "").match(/0x[0-9a-fA-F]{4}/g)?.length ?? 0);
    expect(printed, "no address is printed outside a block").toBe(await blocks.count());

    const first = blocks.first();
    await expect(first.getByRole("link", { name: /View on Etherscan/ })).toHaveAttribute("href", explorerTokenUrl(site));
    const copy = first.getByRole("button", { name: "Copy" });
    await copy.click();
    await expect(first.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await page.clock.runFor(2_100);
    await expect(first.getByRole("button", { name: "Copy" })).toBeVisible();
    await expectAccessible(page);
  });

  test("on a 320 px phone an address breaks only between groups of four, never after 0x or before a lone last character", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/browser-import-token");
    const value = page.getByRole("main").locator("[data-address] .address-block-value").first();
    const groups = await value.evaluate((node) =>
      [...node.querySelectorAll(":scope > span")].map((group) => ({ text: group.textContent, lines: group.getClientRects().length })),
    );
    expect(groups.map((group) => group.text).join("")).toBe(address);
    expect(groups[0]?.text).toBe(address.slice(0, 6));
    expect(groups.every((group) => group.lines === 1 && group.text?.length === (group === groups[0] ? 6 : 4))).toBe(true);
    const lines = await value.evaluate(
      (node) => new Set([...node.querySelectorAll(":scope > span")].map((group) => Math.round(group.getBoundingClientRect().top))).size,
    );
    expect(lines, "the address wraps at 320 px").toBeGreaterThan(1);
  });

  test("the terms print the contract address whole inside a 390 px screen, with Copy", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/terms-and-conditions");
    const block = page.getByRole("main").locator(`[data-address="${address}"]`);
    await expect(block.getByRole("button", { name: "Copy" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const box = await block.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
