import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible } from "./test.ts";

const STEP_MS = 30_000;

/**
 * An authenticator app in the test: each call gives a code for a later time
 * step than the last (the server takes each step once), waiting for the
 * clock only when the next step is not yet within the server's one step of drift.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  let lastStep = 0;
  return async function nextCode(): Promise<string> {
    for (;;) {
      const current = Math.floor(Date.now() / STEP_MS);
      const step = Math.max(current, lastStep + 1);
      if (step <= current + 1) {
        lastStep = step;
        return totp.generate({ timestamp: step * STEP_MS });
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };
}

/** Enrols the signed-in staff member in two-factor sign-in through the console's door; the authenticator for later codes. */
export async function enrol(page: Page) {
  const door = page.getByRole("region", { name: "Set up two-factor sign-in" });
  await expect(door).toBeVisible();
  await expectAccessible(page);
  await door.getByRole("button", { name: "Show the QR code" }).click();
  await expect(door.getByRole("img", { name: "QR code: scan it with your authenticator app" })).toBeVisible();
  const nextCode = authenticator((await door.locator("code").textContent()) ?? "");
  await door.getByLabel("Code from your authenticator app").fill("123");
  await door.getByRole("button", { name: "Confirm the code" }).click();
  await expect(door.getByRole("alert")).toHaveText("Enter the six-digit code from your app.");
  await door.getByLabel("Code from your authenticator app").fill(await nextCode());
  await door.getByRole("button", { name: "Confirm the code" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  return nextCode;
}
