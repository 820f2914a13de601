import { expect, expectAccessible, test } from "./support/test.ts";

/** Pagefind's own files: the search box may fetch them only once the reader types. */
const isSearchFile = (url: string) => new URL(url).pathname.startsWith("/pagefind/");

for (const width of [390, 1280]) {
  test(`a term typed in a guide page's bar finds its guide on /how-to, by keyboard alone, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const searchRequests: string[] = [];
    page.on("request", (request) => isSearchFile(request.url()) && searchRequests.push(request.url()));
    await page.goto("/browser-create-wallet");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(searchRequests, "nothing of the search loads before it is used").toEqual([]);

    const box = page.getByRole("searchbox", { name: "Search the guides" });
    while (!(await box.evaluate((element) => element === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.type("spending cap");
    expect(searchRequests, "the guide page itself carries no search code").toEqual([]);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/how-to\?q=spending\+cap$/);
    const result = page.getByRole("search").getByRole("link", { name: "Add liquidity to the KSTL/USDC pool (Browser)" });
    await expect(result).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /guides? found/ })).toHaveText(/^\d+ guides? found$/);
    expect(searchRequests.length).toBeGreaterThan(0);
    await expectAccessible(page);

    while (!(await result.evaluate((element) => element === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/browser-add-liquidity$/);
  });
}

test("the guide index searches too, says when nothing matches, and Escape clears it", async ({ page }) => {
  await page.goto("/how-to");
  const box = page.getByRole("searchbox", { name: "Search the guides" });
  await box.fill("recovery phrase");
  const results = page.getByRole("search").getByRole("list");
  await expect(results.getByRole("link", { name: /^Your Secret Recovery Phrase \(/ })).toBeVisible();
  await box.fill("zzqxv");
  await expect(page.getByText("No guide matches these words.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /found/ })).toHaveText("No guides found");
  await box.press("Escape");
  await expect(box).toHaveValue("");
  await expect(page.getByText("No guide matches these words.")).toHaveCount(0);
  await expectAccessible(page);
});

test("the search covers the glossary", async ({ page }) => {
  await page.goto("/how-to");
  await page.getByRole("searchbox", { name: "Search the guides" }).fill("impermanent loss");
  await expect(page.getByRole("search").getByRole("link", { name: /^Glossary/ })).toHaveAttribute("href", /^\/glossary/);
});
