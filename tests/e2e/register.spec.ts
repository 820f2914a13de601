import { REGISTERED } from "../../common/api/auth.ts";
import { holdRequests } from "./support/hold.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const TERMS = "To proceed, please agree to our Terms & Conditions and Privacy Policy.";

async function fillValid(page: import("@playwright/test").Page, email: string) {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("analytical-engine-notes");
  await page.getByLabel("Confirm password").fill("analytical-engine-notes");
}

test.describe("register", () => {
  test("is accessible, asks for its CSRF token and links the terms and the privacy policy", async ({ page }) => {
    const token = page.waitForResponse((response) => response.url().includes("/api/register?app=kestrel"));
    await page.goto("/register");
    expect((await token).status()).toBe(200);
    const terms = page.getByRole("checkbox", { name: /^I agree to the Terms & Conditions/ });
    await expect(terms).not.toBeChecked();
    await expect(page.getByRole("link", { name: /Terms & Conditions/ })).toHaveAttribute("href", "/terms-and-conditions");
    await expect(page.getByRole("link", { name: /Privacy Policy/ }).first()).toHaveAttribute("href", "/privacy-policy");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("autocomplete", "new-password");
    await expectAccessible(page);
  });

  test("checks the terms box first, then the email, with the spec's messages", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText(TERMS);

    await page.getByLabel("Email").fill("ada@example");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText(TERMS);

    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid email.");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter your first name.");
  });

  test("catches mismatched passwords in the form, on the confirmation field, without asking the server", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await fillValid(page, `ada.${Date.now()}@example.com`);
    await page.getByLabel("Confirm password").fill("analytical-engine-notez");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/register") && request.method() === "POST") posted = true;
    });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("alert")).toHaveText("The two passwords do not match.");
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    expect(posted).toBe(false);
  });

  test("prefills the referral code from ?ref", async ({ page }) => {
    await page.goto("/register?ref=ABCD2345");
    await expect(page.getByLabel(/Referral code/)).toHaveValue("ABCD2345");
  });

  test("shows the server's err_msg in red, and marks the field it concerns, which reads the message", async ({ page }) => {
    await page.goto("/register");
    await fillValid(page, `ada.${Date.now()}@example.com`);
    await page.getByLabel(/Referral code/).fill("NOSUCH22");
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    await page.getByRole("button", { name: "Register" }).click();
    const alert = page.getByRole("alert");
    const message = "That referral code does not match any account. Check it, or leave the field empty.";
    await expect(alert).toHaveText(message);
    await expect(alert).toHaveClass(/text-danger-700/);
    const referral = page.getByLabel(/Referral code/);
    await expect(referral).toHaveAttribute("aria-invalid", "true");
    await expect(referral).toHaveAccessibleDescription(`${message} If a friend invited you, their code goes here.`);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid");
  });

  test("reads Processing ... while submitting, then shows the success message in green and a way to log in instead of the form", async ({
    page,
  }) => {
    await page.goto("/register");
    await fillValid(page, `ada.${Date.now()}@example.com`);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    const { release } = await holdRequests(page, "**/api/register", { method: "POST" });
    await page.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("button", { name: "Processing ..." })).toBeDisabled();
    release();
    const status = page.getByRole("status").filter({ hasText: "Your account has been created" });
    await expect(status).toHaveText(REGISTERED);
    await expect(status.locator("p")).toHaveClass(/text-success-700/);
    await expect(page).toHaveURL("/register");
    await expect(page.getByLabel("Email")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Register" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL("/login");
  });
});

test.describe("the sign-up check", () => {
  test("runs in the background under the page's strict CSP, asks nothing, and its solution creates the account", async ({ page }) => {
    const challenge = page.waitForResponse((response) => response.url().includes("/api/altcha-challenge?app=kestrel"));
    await page.goto("/register");
    expect((await challenge).status()).toBe(200);
    await expect(page.getByText("Browser check done.")).toBeVisible();
    await expectAccessible(page);
    await fillValid(page, `altcha.${Date.now()}@example.com`);
    await page.getByRole("checkbox", { name: /I agree/ }).check();
    const sent = page.waitForRequest((request) => request.url().endsWith("/api/register") && request.method() === "POST");
    await page.getByRole("button", { name: "Register" }).click();
    const body = (await sent).postDataJSON() as { altcha?: string };
    expect(JSON.parse(Buffer.from(body.altcha ?? "", "base64").toString("utf8"))).toMatchObject({
      challenge: { parameters: { algorithm: "SHA-256" } },
      solution: { derivedKey: expect.any(String) },
    });
    await expect(page.getByText(/Your account has been created/)).toBeVisible();
    await page.setViewportSize({ width: 320, height: 800 });
    await page.screenshot({ path: "test-results/register-success-320.png", fullPage: true });
  });
});
