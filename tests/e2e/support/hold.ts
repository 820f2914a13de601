import type { Page } from "@playwright/test";

/**
 * Holds matching requests until `release()`, to look at a screen while its
 * call is in flight. Releasing before the request arrives lets it straight through.
 */
export async function holdRequests(page: Page, url: string, { method }: { method?: string } = {}): Promise<{ release(): void }> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    if (method && route.request().method() !== method) return route.continue();
    await released;
    await route.continue();
  });
  return { release };
}
