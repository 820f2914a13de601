import type { Page } from "@playwright/test";

export type LayoutShift = { value: number; moved: string[] };

/** Starts recording the page's layout shifts (not those after a click or a key), from before its first byte. */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: LayoutShift[] = [];
    (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts = shifts;
    type ShiftEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node: Node | null }> };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as ShiftEntry[]) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) =>
          node instanceof Element ? node.outerHTML.slice(0, 120) : (node?.textContent ?? "a node no longer in the page"),
        );
        shifts.push({ value: entry.value, moved });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The shifts recorded so far, each with the start of what moved, so that a failure names it. */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}
