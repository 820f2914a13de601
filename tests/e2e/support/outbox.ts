import { expect, type Page } from "@playwright/test";

/** The newest email to this address in the development outbox, opened; answers its link's path and query on this server. */
export async function linkFromOutbox(page: Page, email: string, subject: RegExp): Promise<string> {
  const item = page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: subject }).first();
  // The server answers a forgotten password before it writes the email: look again until it is there.
  await expect(async () => {
    await page.goto("/dev/outbox");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Outbox");
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await item.getByRole("link").click();
  const href = await page
    .getByRole("link", { name: /\?token=/ })
    .first()
    .getAttribute("href");
  const url = new URL(href ?? "");
  return `${url.pathname}${url.search}`;
}
