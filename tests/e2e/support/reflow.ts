import type { Page } from "@playwright/test";

export const REFLOW_WIDTHS = [320, 390, 768, 1280] as const;

/**
 * What breaks WCAG 1.4.10 Reflow on this page at its current width: the page
 * scrolling sideways, or a printed address (0x and 40 hex digits) that runs
 * past the screen or is clipped by a box around it. Empty when all is well.
 */
export function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth}px wide`);

    const address = /0x[0-9a-fA-F]{40}(?![0-9a-zA-Z])/;
    const holders = [...document.body.querySelectorAll("*")].filter(
      (element) =>
        address.test(element.textContent ?? "") &&
        ![...element.children].some((child) => address.test(child.textContent ?? "")) &&
        !element.closest("script, style, title"),
    );
    for (const holder of holders) {
      // Text for screen readers only (".sr-only", clipped to 1 px on purpose) is not printed.
      const walker = document.createTreeWalker(holder, NodeFilter.SHOW_TEXT);
      const lines: DOMRect[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (parent && getComputedStyle(parent).clipPath !== "none") continue;
        if (parent?.closest(".sr-only")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        lines.push(...[...range.getClientRects()].filter((rect) => rect.width > 0));
      }
      if (lines.length === 0) continue; // not rendered (a closed dialog, a collapsed menu)
      const printed = address.exec(holder.textContent ?? "")?.[0];
      let bounds = { left: 0, right: width };
      for (let box = holder.parentElement; box; box = box.parentElement) {
        const style = getComputedStyle(box);
        if (style.overflowX !== "visible") {
          const rect = box.getBoundingClientRect();
          bounds = { left: Math.max(bounds.left, rect.left), right: Math.min(bounds.right, rect.right) };
        }
      }
      for (const line of lines) {
        if (line.left < bounds.left - 1 || line.right > bounds.right + 1)
          problems.push(`${printed} is cut off: a line runs from ${Math.round(line.left)} to ${Math.round(line.right)} px`);
      }
    }
    return problems;
  });
}
