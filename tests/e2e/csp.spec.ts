import { expect, test } from "./support/test.ts";

/** The forms load zod in the browser: nothing they run may be refused by the page's Content-Security-Policy (no 'unsafe-eval'). */
for (const path of ["/login", "/register", "/contact-us"]) {
  test(`${path} breaks no rule of its Content-Security-Policy while a reader fills its form`, async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.sourceFile}`));
    });
    await page.goto(path);
    await page.getByRole("textbox", { name: /email/i }).first().fill("reader@example.com");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  });
}
