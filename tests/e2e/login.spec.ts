import { FORM_EXPIRED } from "../../common/api/fields.ts";
import { registeredUser, signedInUser } from "./support/accounts.ts";
import { csrfTokenRequests } from "./support/csrf-requests.ts";
import { holdRequests } from "./support/hold.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

test.describe("login", () => {
  test("keeps what was typed before the page's script took over, and logs in with it", async ({ page, context }) => {
    const user = await registeredUser(context);
    // The page's scripts are held until the person has typed, as on a slow phone.
    const scripts = await holdRequests(page, "**/assets/*.js");
    await page.goto("/login", { waitUntil: "commit" });
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await expect(page.getByRole("button", { name: "Login" })).toBeDisabled();
    scripts.release();
    await expect(page.getByRole("button", { name: "Login" })).toBeEnabled();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("is accessible, asks for its CSRF token, and shows every field", async ({ page }) => {
    const token = page.waitForResponse((response) => response.url().includes("/api/request-csrftoken?app=kestrel&page=signin"));
    await page.goto("/login");
    expect((await token).status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
    await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");
    await expect(page.getByLabel("Remember Me")).not.toBeChecked();
    await expect(page.getByRole("main").getByRole("link", { name: "Create one" })).toHaveAttribute("href", "/register");
    await expectAccessible(page);
  });

  test("requires the email and the password before calling the server", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter your email.");
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Email").fill("someone@example.com");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText("Please enter your password.");
  });

  test("shows the server's err_msg in red above the fields", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("nobody@example.com");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("The email or password is incorrect.");
    await expect(alert).toHaveClass(/text-danger-700/);
    const alertBox = await alert.boundingBox();
    const emailBox = await page.getByLabel("Email").boundingBox();
    expect(alertBox?.y).toBeLessThan(emailBox?.y ?? 0);
  });

  test("reads Login ... and is disabled while submitting, then clears the fields and goes to the dashboard", async ({ page, context }) => {
    const user = await registeredUser(context);
    await page.goto("/login");
    const { release } = await holdRequests(page, "**/api/signin");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    const busy = page.getByRole("button", { name: "Login ..." });
    await expect(busy).toBeDisabled();
    release();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("an expired form is sent once more with a fresh token; expired again, it says so", async ({ page, context }) => {
    const user = await registeredUser(context);
    const tokenRequests = csrfTokenRequests(page, "signin");
    let expire = 1;
    await page.route("**/api/signin", (route) =>
      expire-- > 0 ? route.fulfill({ status: 403, json: { err_msg: FORM_EXPIRED } }) : route.continue(),
    );
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL("/dashboard");
    expect(tokenRequests).toHaveLength(2);

    await context.clearCookies();
    expire = 2;
    await page.goto("/login");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveText(FORM_EXPIRED);
    expect(expire).toBe(0);
  });

  test("without Remember Me the session cookie ends with the browser; with it, it lasts 30 days", async ({ page, context }) => {
    for (const remember of [false, true]) {
      const user = await registeredUser(context);
      await page.goto("/login");
      await page.getByLabel("Email").fill(user.email);
      await page.getByLabel("Password").fill(user.password);
      if (remember) await page.getByLabel("Remember Me").check();
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page).toHaveURL("/dashboard");
      const cookie = (await context.cookies()).find((entry) => entry.name === "session");
      expect(cookie?.httpOnly).toBe(true);
      expect(cookie?.sameSite).toBe("Strict");
      if (remember) expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(29 * 24 * 3600);
      else expect(cookie?.expires).toBe(-1);
      await context.clearCookies();
    }
  });

  test("both register links on the login page say Coming soon while sign-ups are closed", async ({ page }) => {
    for (const name of ["Register now", "Create one"]) {
      await page.goto("/login");
      await page.getByRole("main").getByRole("link", { name }).click();
      await expect(page.getByRole("alert")).toHaveText(/Coming soon/);
      await expect(page).toHaveURL("/login");
    }
  });

  test("shows the typed password on request, with the toggle's state told to assistive technology", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("what-did-i-type");
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("what-did-i-type");
    await toggle.click();
    await expect(password).toHaveAttribute("type", "password");
    await expectAccessible(page);
  });

  test("offers a way back in when the password is forgotten", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  });

  test("a signed-in visitor is sent to the dashboard", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/login");
    await expect(page).toHaveURL("/dashboard");
    await page.goto("/register");
    await expect(page).toHaveURL("/dashboard");
  });

  test("Logout signs out and goes to /login; the navigation and footer show Login again", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/earn-tokens");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Dashboard" })).toBeVisible();
    await nav.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/login");
    await expect(nav.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === "session")).toBeUndefined();
    expect((await page.request.get("/api/is-authenticated")).status()).toBe(401);
  });
});
