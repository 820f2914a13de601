import { loadSiteConfig } from "../../config/site.ts";
import { backdateClaim, signedInUser } from "./support/accounts.ts";
import { csrfTokenRequests } from "./support/csrf-requests.ts";
import { holdRequests } from "./support/hold.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const DAY_SECONDS = 24 * 60 * 60;
const ADDRESS = "0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045";

test.describe("dashboard", () => {
  test("sends a visitor without a session to /login", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/login?next=%2Fdashboard");
  });

  test("shows the first name, balance, referral code and link, and progress to the transfer minimum", async ({
    page,
    context,
    baseURL,
  }) => {
    const user = await signedInUser(context, baseURL as string, { first_name: "Katherine" });
    await page.goto("/dashboard");
    await expect(page.getByText("Welcome, Katherine.")).toBeVisible();
    await expect(page.getByTestId("balance")).toHaveText(`0 ${site.token.symbol}`);
    await expect(page.getByTestId("referral-code")).toHaveText(user.referral_code);
    await expect(page.getByTestId("referral-link")).toHaveText(`${site.site.origin}/register?ref=${user.referral_code}`);
    await expect(page.getByRole("progressbar", { name: /Toward a transfer/ })).toHaveAttribute("value", "0");
    await expect(
      page.getByText(`Transfers to your wallet open at ${site.rewards.minTransfer.toLocaleString("en-US")} ${site.token.symbol}.`),
    ).toBeVisible();
    await expect(page.getByText("Nothing yet.")).toBeVisible();
    await expectAccessible(page);
  });

  test("claims: the button is disabled in flight, then the data reloads with the success message and the countdown", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    const { release } = await holdRequests(page, "**/api/claim-daily-reward*");
    await page.getByRole("button", { name: "Claim daily reward" }).click();
    await expect(page.getByRole("button", { name: "Claiming..." })).toBeDisabled();
    release();
    await expect(page.getByRole("status").filter({ hasText: "claimed" })).toHaveText("You have successfully claimed your daily reward.");
    await expect(page.getByTestId("balance")).toHaveText(`100 ${site.token.symbol}`);
    await expect(page.getByRole("timer")).toHaveText(/^23:59:5\d$/);
    // A day after a claim is tomorrow, at the same minute of the visitor's clock.
    const expected = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" }).format(new Date(Date.now() + 24 * 60 * 60 * 1000)),
    );
    await expect(page.getByTestId("next-claim-at")).toHaveText(`Next claim tomorrow at ${expected} (your time).`);
    await expect(page.getByRole("button", { name: "Claim daily reward" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Recent activity" }).getByText("Daily reward")).toBeVisible();
  });

  test("a full day to wait reads 23:59:59, never 24:00:00, and counts down from there", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.route("**/api/dashboard?*", async (route) => {
      const reply = await route.fetch();
      await route.fulfill({ response: reply, json: { ...(await reply.json()), time_remaining: "24:00:00" } });
    });
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto("/dashboard");
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText("23:59:59");
    await page.clock.runFor(1_000);
    await expect(timer).toHaveText("23:59:58");
  });

  test("a failed claim says Something went wrong!", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    await page.route("**/api/claim-daily-reward*", (route) => route.fulfill({ status: 500, json: { err_msg: "boom" } }));
    await page.getByRole("button", { name: "Claim daily reward" }).click();
    await expect(page.getByRole("alert")).toHaveText("Something went wrong!");
    await expect(page.getByRole("button", { name: "Claim daily reward" })).toBeEnabled();
  });

  test("the countdown ticks every second and, at zero, reloads the data and shows the claim button", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string);
    await backdateClaim(context, user.email, DAY_SECONDS - 60);
    await page.clock.install();
    await page.goto("/dashboard");
    const timer = page.getByRole("timer");
    // A minute to go, less however long this machine took to open the page.
    await expect(timer).toHaveText(/^00:0[01]:\d\d$/);
    const before = await timer.textContent();
    await page.clock.runFor(1_000);
    await expect(timer).not.toHaveText(before as string);

    await backdateClaim(context, user.email, DAY_SECONDS + 1);
    const reload = page.waitForRequest((request) => request.url().includes("/api/dashboard"));
    await page.clock.runFor(61_000);
    await reload;
    await expect(page.getByRole("button", { name: "Claim daily reward" })).toBeVisible();
  });

  test("at zero the claim button shows even when the reload fails, and claims", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string);
    await backdateClaim(context, user.email, DAY_SECONDS - 60);
    await page.clock.install();
    await page.goto("/dashboard");
    await expect(page.getByRole("timer")).toHaveText(/^00:0[01]:\d\d$/);

    await page.route("**/api/dashboard*", (route) => route.fulfill({ status: 503, json: { err_msg: "Something went wrong!" } }));
    await backdateClaim(context, user.email, DAY_SECONDS + 1);
    const reload = page.waitForResponse((response) => response.url().includes("/api/dashboard") && response.status() === 503);
    await page.clock.runFor(61_000);
    await reload;
    await page.getByRole("button", { name: "Claim daily reward" }).click();
    await expect(page.getByText("You have successfully claimed your daily reward.")).toBeVisible();
  });

  test("the referral link copies, and Share uses the Web Share API where the browser has it", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      (window as unknown as { shared: unknown[] }).shared = [];
      navigator.share = async (data) => {
        (window as unknown as { shared: unknown[] }).shared.push(data);
      };
    });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.site.origin}/register?ref=${user.referral_code}`);
    await page.getByRole("button", { name: "Share" }).click();
    const shared = await page.evaluate(() => (window as unknown as { shared: Array<{ url: string }> }).shared);
    expect(shared[0]?.url).toBe(`${site.site.origin}/register?ref=${user.referral_code}`);
  });
});

test.describe("wallet address", () => {
  test("Update, Cancel restores the original, errors show in the form, Save shows Saving... then the message for 7 seconds", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInUser(context, baseURL as string);
    const tokenRequests = csrfTokenRequests(page, "update-wallet-address");
    await page.clock.install();
    await page.goto("/dashboard");
    const region = page.getByRole("region", { name: "Wallet address" });
    await expect(region.getByTestId("wallet-address")).toHaveText("No wallet address yet.");

    await region.getByRole("button", { name: "Update wallet address" }).click();
    const input = region.getByLabel("Wallet address");
    await expect(input).toBeFocused();
    await input.fill("0x1234");
    await region.getByRole("button", { name: "Cancel" }).click();
    await expect(region.getByTestId("wallet-address")).toHaveText("No wallet address yet.");
    expect(tokenRequests).toHaveLength(0);

    await region.getByRole("button", { name: "Update wallet address" }).click();
    await expect(input).toHaveValue("");
    await input.fill("0x1234");
    await region.getByRole("button", { name: "Save" }).click();
    await expect(region.getByRole("alert")).toHaveText(
      "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f).",
    );
    // The server's refusal marks the field and is read with it.
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(
      "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f).",
    );
    await input.fill(site.token.address);
    await region.getByRole("button", { name: "Save" }).click();
    const tokenContract = `That is the ${site.token.symbol} contract's address, not a wallet: tokens sent to it are lost for good. Enter your own wallet's address.`;
    await expect(region.getByRole("alert")).toHaveText(tokenContract);
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(input).toHaveAccessibleDescription(tokenContract);

    const { release } = await holdRequests(page, "**/api/dashboard-update-wallet-address");
    await input.fill(ADDRESS.toLowerCase());
    // Stop the page's clock so the 7 seconds are counted exactly.
    await page.clock.pauseAt(Date.now() + 60_000);
    await region.getByRole("button", { name: "Save" }).click();
    await expect(region.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(region.getByRole("button", { name: "Cancel" })).toBeDisabled();
    release();

    const message = region.getByRole("status");
    await expect(message).toHaveText("You have successfully updated your wallet address.");
    await expect(region.getByTestId("wallet-address")).toHaveText(ADDRESS);
    await expect(region.getByRole("textbox")).toHaveCount(0);
    expect(tokenRequests).toHaveLength(1);

    await page.clock.runFor(6_900);
    await expect(message).toHaveText("You have successfully updated your wallet address.");
    await page.clock.runFor(200);
    await expect(message).toHaveText("");
  });

  test("keeps the keyboard in the wallet card: Cancel, Escape and Save return focus to Update wallet address", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    const region = page.getByRole("region", { name: "Wallet address" });
    const update = region.getByRole("button", { name: "Update wallet address" });

    await update.focus();
    await page.keyboard.press("Enter");
    await expect(region.getByLabel("Wallet address")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(region.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(update).toBeFocused();

    await page.keyboard.press("Enter");
    await page.keyboard.type("0x1234");
    await page.keyboard.press("Escape");
    await expect(update).toBeFocused();
    await expect(region.getByTestId("wallet-address")).toHaveText("No wallet address yet.");

    await page.keyboard.press("Enter");
    await page.keyboard.type(ADDRESS);
    await page.keyboard.press("Enter");
    await expect(region.getByTestId("wallet-address")).toHaveText(ADDRESS);
    await expect(update).toBeFocused();
  });

  test("asks for the CSRF token only once across saves", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    const tokenRequests = csrfTokenRequests(page, "update-wallet-address");
    await page.goto("/dashboard");
    const region = page.getByRole("region", { name: "Wallet address" });
    for (const address of [ADDRESS, "0x52908400098527886E0F7030069857D2E4169EE7"]) {
      await region.getByRole("button", { name: "Update wallet address" }).click();
      await region.getByLabel("Wallet address").fill(address);
      await region.getByRole("button", { name: "Save" }).click();
      await expect(region.getByTestId("wallet-address")).toHaveText(address);
    }
    expect(tokenRequests).toHaveLength(1);
  });
});

test.describe("while the dashboard loads", () => {
  test("shows the cards' shapes and says it is loading, then the cards", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    const { release } = await holdRequests(page, "**/api/dashboard?*");
    await page.goto("/dashboard");
    await expect(page.getByRole("status").filter({ hasText: "Loading your dashboard…" })).toHaveAttribute("aria-busy", "true");
    await expect(page.getByTestId("dashboard-skeleton").locator(".card")).toHaveCount(6);
    await expectAccessible(page);
    release();
    await expect(page.getByText(/Welcome, /)).toBeVisible();
    await expect(page.getByTestId("dashboard-skeleton")).toHaveCount(0);
  });
});

test.describe("when the dashboard cannot load", () => {
  test("says so with a Try again button that loads it", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    let failures = 1;
    await page.route("**/api/dashboard?*", (route) => (failures-- > 0 ? route.abort("failed") : route.continue()));
    await page.goto("/dashboard");
    await expect(page.getByRole("alert")).toHaveText("We could not load your dashboard. Check your connection and try again.");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByText(/Welcome, /)).toBeVisible();
  });
});

test.describe("referral bonuses that wait", () => {
  test("a friend's claim before confirming their email shows as waiting, apart from credited bonuses", async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    const referrer = await signedInUser(context, baseURL as string);
    const friendClient = await playwright.request.newContext({ baseURL });
    const friend = await (
      await friendClient.post("/__e2e__/users", { data: { referred_by: referrer.referral_code, unverified: true } })
    ).json();
    const claim = await friendClient.get(`/api/claim-daily-reward?app=${site.token.slug}`, {
      headers: { cookie: `session=${friend.session_token}` },
    });
    expect(claim.status()).toBe(200);
    await friendClient.dispose();

    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Invite friends" });
    await expect(card.getByTestId("referral-pending")).toHaveText(
      `Waiting: ${site.rewards.referralBonus} ${site.token.symbol}, credited as soon as your friends confirm their email addresses.`,
    );
    await expect(card.getByText(new RegExp(`bonuses so far: 0 ${site.token.symbol}`))).toBeVisible();
    await expectAccessible(page);
  });
});
