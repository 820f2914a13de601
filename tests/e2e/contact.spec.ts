import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadSiteConfig } from "../../config/site.ts";
import { holdRequests } from "./support/hold.ts";
import { expect, expectAccessible, test } from "./support/test.ts";

const site = loadSiteConfig();
const SUCCESS = "Success! Your message has been submitted successfully. We’ll get back to you shortly.";

async function fill(page: import("@playwright/test").Page) {
  await page.getByLabel("Name").fill("Grace Hopper");
  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Message").fill("How do I add the token on iOS?");
}

/** Failure and success are told in the same place: right under the button. */
async function expectOutcomeUnderButton(page: import("@playwright/test").Page, buttonName: string) {
  const button = await page.getByRole("button", { name: buttonName }).boundingBox();
  const outcome = await page.getByRole("alert").boundingBox();
  expect(button).not.toBeNull();
  expect(outcome).not.toBeNull();
  if (!button || !outcome) return;
  expect(outcome.y).toBeGreaterThanOrEqual(button.y + button.height);
  expect(outcome.y - (button.y + button.height)).toBeLessThan(64);
}

test.describe("contact form, on the product's own endpoint", () => {
  test("is accessible and requires name, email and message", async ({ page }) => {
    await page.goto("/contact-us");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error! Please enter your name.");
    await page.getByLabel("Name").fill("Grace");
    await page.getByLabel("Email").fill("grace@localhost");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error! Please enter a valid email.");
  });

  test("reads Sending.... while sending, then resets the form, keeps the button disabled and shows the success alert", async ({ page }) => {
    await page.goto("/contact-us");
    await fill(page);
    const { release } = await holdRequests(page, "**/api/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toHaveText("Sending....");
    release();
    await expect(page.getByRole("alert")).toHaveText(SUCCESS);
    // The disabled button says why it is disabled.
    await expect(page.getByRole("button", { name: "Message sent" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send message" })).toHaveCount(0);
    await expectOutcomeUnderButton(page, "Message sent");
    for (const label of ["Name", "Email", "Message"]) await expect(page.getByLabel(label)).toHaveValue("");
  });

  test("shows Error! and the endpoint's message when it refuses", async ({ page }) => {
    await page.goto("/contact-us");
    await fill(page);
    // Set by script, a value may exceed the field's maxlength: the server's own limit answers.
    await page.getByLabel("Name").evaluate((input: HTMLInputElement) => {
      input.value = "G".repeat(101);
    });
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error! Please keep your name under 100 characters.");
    await expect(page.getByRole("button", { name: "Send message" })).toBeEnabled();
    await expectOutcomeUnderButton(page, "Send message");
  });
});

test.describe("contact form, pointed at an external form-submission provider", () => {
  let provider: Server;
  let providerUrl = "";
  const received: Array<{ contentType: string; body: string }> = [];
  let answer: { status: number; json: unknown } = { status: 200, json: { success: true, message: "Email sent" } };

  test.beforeAll(async () => {
    provider = createServer((request: IncomingMessage, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ contentType: request.headers["content-type"] ?? "", body });
        response.writeHead(answer.status, { "content-type": "application/json" });
        response.end(JSON.stringify(answer.json));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/submit`;
  });
  test.afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  test("sends the provider multipart fields with the access key and subject, and shows its answers", async ({ page }) => {
    await page.route(`**${site.contact.endpoint}`, async (route) => route.fulfill({ response: await route.fetch({ url: providerUrl }) }));
    await page.goto("/contact-us");
    await fill(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText(SUCCESS);
    const sent = received.at(-1);
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    for (const [name, value] of Object.entries({
      name: "Grace Hopper",
      email: "grace@example.com",
      message: "How do I add the token on iOS?",
      subject: site.contact.subject,
      access_key: site.contact.accessKey,
    })) {
      expect(sent?.body).toMatch(new RegExp(`name="${name}"\\r\\n\\r\\n${value.replace(/[.?]/g, "\\$&")}\\r\\n`));
    }

    answer = { status: 400, json: { success: false, message: "Access key is invalid." } };
    await page.reload();
    await fill(page);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("alert")).toHaveText("Error! Access key is invalid.");
  });
});
