import { expect, test } from "./support/test.ts";

/** Every prerendered page with a form that sends through the API, and that form's button. */
const FORMS = [
  { path: "/login", button: "Login" },
  { path: "/register", button: "Register" },
  { path: "/forgot-password", button: "Send me a reset link" },
  { path: "/reset-password?token=x", button: "Set my new password" },
  { path: "/contact-us", button: "Send message" },
  { path: "/report-guide", button: "Send the report" },
  { path: "/account", button: "Change password" },
  { path: "/account", button: "Send the confirmation link" },
  { path: "/account", button: "Delete my account" },
];

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // A disabled default button also stops Enter in a field from sending the form (HTML's implicit submission).
  test("forms cannot be sent to the page's own address, and say what they need", async ({ page }) => {
    for (const { path, button } of FORMS) {
      await page.goto(path);
      const submit = page.getByRole("button", { name: button, exact: true });
      await expect(submit, path).toBeDisabled();
      const form = page.locator("form", { has: submit });
      // Located by CSS: Playwright's text selectors never look inside <noscript>.
      const note = form.locator("noscript p");
      await expect(note, path).toBeVisible();
      await expect(note, path).toHaveText("This form needs JavaScript, which is turned off in this browser.");
    }
  });

  test("pages that load from the API say so instead of loading for ever", async ({ page }) => {
    for (const path of ["/dashboard", "/account", "/verify-email?token=x"]) {
      await page.goto(path);
      const note = page.getByRole("main").locator("noscript p").filter({ hasText: "This page needs JavaScript" });
      await expect(note, path).toBeVisible();
      await expect(note, path).toHaveText("This page needs JavaScript, which is turned off in this browser.");
    }
  });
});
