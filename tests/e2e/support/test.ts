import { test as base, expect, type Page } from "@playwright/test";
import axe from "axe-core";

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

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The WCAG rules whose outcome can change with the screen's width on a page whose markup does not: colours and
 * sizes set by media queries, boxes that start to scroll. A second width of the same page runs these only.
 */
export const LAYOUT_RULES = ["color-contrast", "target-size", "scrollable-region-focusable", "link-in-text-block"];

/**
 * axe-core with the WCAG 2.2 A and AA rules (or only `rules`); any violation fails the test.
 * axe runs in the page itself, injected once per document: @axe-core/playwright
 * injected it twice a call and finished each run in a new blank page, which
 * took a second more a call on a 2-core machine. Its blank page merges the
 * results of cross-origin frames, and the site's pages have none.
 *
 * It checks the page at rest, scrolled to the top (`atTop: false` keeps the reader's scroll): axe places a sticky
 * element where it is drawn, not where it sits in the page (axe-core#3720), so on a scrolled page the navigation
 * bar's links land on whatever they cover, and target-size fails a quiz's radio button under them. The bar's
 * change of style on scrolling is a transition, and what moves is measured only once it has stopped.
 */
export async function expectAccessible(page: Page, { rules, atTop = true }: { rules?: string[]; atTop?: boolean } = {}): Promise<void> {
  await page.evaluate(async (scrollToTop) => {
    if (scrollToTop) window.scrollTo({ top: 0, left: 0, behavior: "instant" });
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    // The scroll event, then the style it sets, each take a frame before their transitions start.
    await nextFrame();
    await nextFrame();
    const ending = document.getAnimations().filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  }, atTop);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(
    (runOnly) => (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly }),
    rules ? { type: "rule" as const, values: rules } : { type: "tag" as const, values: WCAG_22_AA },
  );
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}
