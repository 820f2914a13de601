import type { APIRequestContext } from "@playwright/test";
import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();

async function reminderOn(request: APIRequestContext): Promise<boolean> {
  const reply = await request.get(`/api/streak-reminder?app=${site.token.slug}`);
  return ((await reply.json()) as { enabled: boolean }).enabled;
}

/** As the account page's card does: the account form's CSRF token, then the setting. */
async function turnReminderOn(request: APIRequestContext): Promise<void> {
  const csrf = await request.get(`/api/request-csrftoken?app=${site.token.slug}&page=account`);
  const csrfToken = ((await csrf.json()) as { csrf_token: string }).csrf_token;
  const reply = await request.put("/api/streak-reminder", { data: { enabled: true, app: site.token.slug, csrfToken } });
  expect(reply.ok()).toBe(true);
}

async function unsubscribeLinks(request: APIRequestContext, email: string) {
  const reply = await request.post("/__e2e__/unsubscribe-links", { data: { email } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as { page: string; api: string };
}

test.describe("streak reminders", () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: a member turns the reminder on from the account page; it is off until then`, async ({
      page,
      context,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const user = await signedInUser(context, baseURL as string);
      await page.goto("/account");
      await expect(page.getByText(user.email).first()).toBeVisible();
      const card = page.getByRole("region", { name: "Streak reminders" });
      const box = card.getByRole("checkbox", { name: "Email me when my streak is at risk" });
      await expect(box).not.toBeChecked();
      await expect(card).toContainText(`${site.rewards.streakReminderHours} hours or less are left before the streak resets at 00:00 UTC`);
      await box.check();
      await card.getByRole("button", { name: "Save reminder setting" }).click();
      await expect(card.getByRole("status")).toContainText("We will email you on a day your streak is at risk");
      await expectAccessible(page);
      await card.screenshot({ path: test.info().outputPath(`reminder-card-${width}.png`) });
      expect(await reminderOn(context.request)).toBe(true);
    });

    test(`at ${width} px: the email's link turns the reminder off without logging in, and only with its button`, async ({
      context,
      baseURL,
      browser,
    }) => {
      const user = await signedInUser(context, baseURL as string);
      await turnReminderOn(context.request);
      const links = await unsubscribeLinks(context.request, user.email);

      // The email is read in another browser, signed in nowhere.
      const mailReader = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const reader = await mailReader.newPage();
      // The List-Unsubscribe link opened as a page leads to the page's button; opening it changed nothing.
      await reader.goto(links.api);
      await expect(reader).toHaveURL(links.page);
      await expect(reader.getByRole("heading", { name: "Stop streak reminders", level: 1 })).toBeVisible();
      expect(await reminderOn(context.request)).toBe(true);

      await expectAccessible(reader);
      await reader.screenshot({ path: test.info().outputPath(`unsubscribe-${width}.png`), fullPage: true });
      await reader.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(reader.getByRole("status")).toHaveText("You are unsubscribed: we will not send you streak reminders any more.");
      await expect(reader.getByRole("link", { name: "Go to my account" })).toBeVisible();
      await expectAccessible(reader);
      await mailReader.close();
      expect(await reminderOn(context.request)).toBe(false);
    });
  }

  test("a changed unsubscribe link is refused and says what to do", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string);
    const links = await unsubscribeLinks(context.request, user.email);
    await context.clearCookies();
    await page.goto(links.page.replace(/token=(\d+)\./, (_, id: string) => `token=${Number(id) + 1}.`));
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("alert")).toContainText("This unsubscribe link is not complete or was changed.");
    await expectAccessible(page);
  });
});

test.describe("sharing the referral link", () => {
  test("links to X, Telegram and WhatsApp with the product's text and the member's link, each in a new tab", async ({
    page,
    context,
    baseURL,
  }) => {
    const user = await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Invite friends" });
    const link = `${site.site.origin}/register?ref=${user.referral_code}`;
    const text = `Claim ${site.rewards.dailyAmount} ${site.token.symbol} every day at ${site.token.name}. Sign up with my link:`;
    const expected: Array<[string, string]> = [
      ["X", `https://x.com/intent/post?${new URLSearchParams({ text, url: link })}`],
      ["Telegram", `https://t.me/share/url?${new URLSearchParams({ url: link, text })}`],
      ["WhatsApp", `https://wa.me/?${new URLSearchParams({ text: `${text} ${link}` })}`],
    ];
    const list = card.getByRole("list", { name: "Or share on" });
    for (const [name, href] of expected) {
      const share = list.getByRole("link", { name: `Share on ${name} (opens in a new tab)` });
      await expect(share).toHaveAttribute("href", href);
      await expect(share).toHaveAttribute("target", "_blank");
      await expect(share).toHaveAttribute("rel", "noopener noreferrer");
      const params = new URL((await share.getAttribute("href")) ?? "").searchParams;
      expect([...params.values()].join(" ")).toContain(link);
    }
    await expectAccessible(page);
    await card.screenshot({ path: test.info().outputPath("share-links.png") });
  });
});
