import { signedInUser } from "./support/accounts.ts";
import { holdRequests } from "./support/hold.ts";
import { linkFromOutbox } from "./support/outbox.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test.describe("account recovery", () => {
  test("a forgotten password is reset from the emailed link, and the new password logs in", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string);
    await context.clearCookies();

    await page.goto("/forgot-password");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email.");
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account uses this address");

    await page.goto(await linkFromOutbox(page, user.email, /Reset your Kestrel password/));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await expectAccessible(page);
    await page.getByLabel("New password", { exact: true }).fill("a-brand-new-long-passphrase");
    await page.getByLabel("Confirm new password").fill("a-brand-new-long-passphrase-typo");
    await page.getByRole("button", { name: "Set my new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("The two passwords do not match.");
    await page.getByLabel("Confirm new password").fill("a-brand-new-long-passphrase");
    await page.getByRole("button", { name: "Set my new password" }).click();
    await expect(page.getByRole("status")).toContainText("Your password is changed");

    await page.getByRole("link", { name: "Log in" }).click();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill("a-brand-new-long-passphrase");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("the forgot-password form keeps an address typed before the page's script took over", async ({ page }) => {
    const scripts = await holdRequests(page, "**/assets/*.js");
    await page.goto("/forgot-password", { waitUntil: "commit" });
    await page.getByLabel("Email").fill("early@example.com");
    scripts.release();
    await expect(page.getByRole("button", { name: "Send me a reset link" })).toBeEnabled();
    await page.getByRole("button", { name: "Send me a reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account uses this address");
  });

  test("a reset link that is missing its token or was used says so", async ({ page }) => {
    await page.goto("/reset-password");
    await expect(page.getByRole("alert")).toContainText("This link is not complete");
    await page.goto("/verify-email?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByRole("alert")).toHaveText("This link has expired or was already used. Ask for a new one.");
    await expectAccessible(page);
  });

  test("an unverified member sees the banner, gets a new link, and confirms the address", async ({ page, context, baseURL }) => {
    const user = await signedInUser(context, baseURL as string, { unverified: true });
    await page.goto("/dashboard");
    const banner = page.getByRole("region", { name: "Confirm your email address" });
    await expect(banner).toBeVisible();
    await expectAccessible(page);
    await banner.getByRole("button", { name: "Send the link again" }).click();
    await expect(banner.getByRole("status")).toHaveText("We sent you a new link. Open it to confirm your email address.");

    await page.goto(await linkFromOutbox(page, user.email, /Confirm your email address/));
    await expect(page.getByRole("status")).toHaveText("Thank you: your email address is confirmed.");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Go to my dashboard" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByText(/Welcome, /)).toBeVisible();
    await expect(page.getByRole("region", { name: "Confirm your email address" })).toHaveCount(0);
  });
});

test.describe("the account page", () => {
  test("lists this device, changes the password, signs out another device, and deletes the account", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const user = await signedInUser(context, baseURL as string);
    const other = await browser.newContext({ baseURL });
    const otherPage = await other.newPage();
    await otherPage.goto("/login");
    await otherPage.getByLabel("Email").fill(user.email);
    await otherPage.getByLabel("Password", { exact: true }).fill(user.password);
    await otherPage.getByRole("button", { name: "Login" }).click();
    await expect(otherPage).toHaveURL("/dashboard");

    await page.goto("/dashboard");
    await page.getByRole("navigation").getByRole("link", { name: "Account" }).first().click();
    await expect(page).toHaveURL("/account");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const sessions = page.getByRole("region", { name: "Where you are signed in" });
    await expect(sessions.getByText("This device")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expectAccessible(page);

    await sessions
      .getByRole("listitem")
      .getByRole("button", { name: /^Sign out / })
      .click();
    await expect(sessions.getByRole("status")).toHaveText("That session is signed out.");
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await otherPage.reload();
    await expect(otherPage).toHaveURL("/login?next=%2Fdashboard");
    await other.close();

    const password = page.getByRole("region", { name: "Change your password" });
    await password.getByLabel("Current password").fill("not-the-password-at-all");
    await password.getByLabel("New password", { exact: true }).fill("another-long-passphrase-here");
    await password.getByLabel("Confirm new password").fill("another-long-passphrase-here");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("alert")).toHaveText("Your current password is not correct.");
    await expect(password.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");
    await expect(password.getByLabel("Current password")).toHaveAccessibleDescription("Your current password is not correct.");
    await password.getByLabel("Current password").fill(user.password);
    await password.getByLabel("New password", { exact: true }).fill("another-long-passphrase-here");
    await password.getByLabel("Confirm new password").fill("another-long-passphrase-here");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("status")).toHaveText("Your password is changed. Your other sessions are signed out.");

    const remove = page.getByRole("region", { name: "Delete my account" });
    await expect(remove.getByRole("button", { name: "Delete my account" })).toBeDisabled();
    await remove.getByLabel("Your password").fill("another-long-passphrase-here");
    await remove.getByRole("checkbox", { name: "I understand that this cannot be undone." }).check();
    await remove.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toHaveText(/^Your account is deleted\. We are sorry to see you go\./);
    await expect(page).toHaveURL("/");
    await page.goto("/account");
    await expect(page).toHaveURL("/login?next=%2Faccount");
  });

  test("sends a visitor who is not signed in to the login page, which says why", async ({ page }) => {
    await page.goto("/account");
    await expect(page).toHaveURL("/login?next=%2Faccount");
    await expect(page.getByText("Log in to see your account.")).toBeVisible();
  });
});
