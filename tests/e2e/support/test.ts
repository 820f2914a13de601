import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every e2e test fails on an uncaught page error, a console error the app
 * logged, or a page resource (script, style, image) that failed to load. The
 * browser's "Failed to load resource" lines for API answers the product sends
 * on purpose (401 from is-authenticated, 4xx refusals) are not errors.
 */
export const test = base.extend<{ failOnPageErrors: undefined }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`page error: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(`console: ${message.text()}`);
      });
      page.on("response", (response) => {
        const url = new URL(response.url());
        const isDocument = response.request().resourceType() === "document";
        if (response.status() >= 400 && !isDocument && !url.pathname.startsWith("/api/"))
          errors.push(`${response.status()} for ${url.pathname}`);
      });
      await use(undefined);
      expect(errors, "errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core with the WCAG 2.2 A and AA rules; any violation fails the test. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}
