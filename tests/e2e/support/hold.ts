import type { Page } from "@playwright/test";

/** A promise that settles when `release()` is called, to hold something back until the test lets it go. */
export function releaseGate(): { released: Promise<void>; release(): void } {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

/**
 * Holds matching requests until `release()`, to look at a screen while its
 * call is in flight. Releasing before the request arrives lets it straight through.
 */
export async function holdRequests(page: Page, url: string, { method }: { method?: string } = {}): Promise<{ release(): void }> {
  const { released, release } = releaseGate();
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    await released;
    await route.continue();
  });
  return { release };
}
