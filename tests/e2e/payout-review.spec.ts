import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loadSiteConfig } from "../../config/site.ts";
import { signedInUser } from "./support/accounts.ts";
import { expect, expectAccessible, test } from "./support/test.ts";
import { injectWallet } from "./support/wallet.ts";

const site = loadSiteConfig();

test.describe("a transfer in review, from the member's side", () => {
  test("the member sees the review, sends one message, and after a rejection sees the reason and gets the tokens back", async ({
    page,
    context,
    baseURL,
  }) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, wallet);
    const user = await signedInUser(context, baseURL as string);
    await context.request.post("/__e2e__/credit", { data: { email: user.email, tokens: "12000" } });
    await context.request.post("/__e2e__/flag", { data: { email: user.email, details: "another account gave this wallet" } });

    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Transfers to your wallet" });
    await card.getByRole("button", { name: "Verify with my wallet" }).click();
    await expect(card.getByText(`Payouts go to your verified wallet ${wallet.address}`)).toBeVisible();
    await card.getByLabel("Amount to transfer").fill("10000");
    await card.getByRole("button", { name: "Transfer to my wallet" }).click();

    await expect(card.getByTestId("transfer-status")).toHaveText("being reviewed");
    await expect(card.getByText("Your transfer is being reviewed.")).toBeVisible();
    await expect(card.getByTestId("on-its-way")).toHaveText(`10,000 ${site.token.symbol}`);
    await expectAccessible(page);

    const message = card.getByLabel(/Anything the reviewer should know/);
    await card.getByRole("button", { name: "Send to the reviewer" }).click();
    await expect(card.getByRole("alert")).toHaveText("Please write your message.");
    await expect(message).toHaveAttribute("aria-invalid", "true");
    await message.fill("The other account is my partner's; we share this wallet.");
    await card.getByRole("button", { name: "Send to the reviewer" }).click();
    await expect(card.getByRole("status").filter({ hasText: "Your message is with the person reviewing" })).toBeVisible();
    await expect(card.getByRole("button", { name: "Send to the reviewer" })).toHaveCount(0);

    const decided = await context.request.post("/__e2e__/review", {
      data: { email: user.email, decision: "reject", reason: "Two accounts share one wallet." },
    });
    expect(await decided.json()).toEqual({ ok: true });
    // A new visit, not a reload: a reload keeps the scroll, which can leave the amount field under the sticky header
    // while axe measures how much of it can be tapped.
    await page.goto("/dashboard");
    await expect(card.getByTestId("transfer-status")).toHaveText("not approved");
    await expect(card.getByText("The reviewer's reason: Two accounts share one wallet.")).toBeVisible();
    await expect(card.getByText("Your message is with the reviewer. We answer by email.")).toBeVisible();
    await expect(card.getByTestId("available")).toHaveText(`12,000 ${site.token.symbol}`);
    await expect(card.getByTestId("on-its-way")).toHaveText(`0 ${site.token.symbol}`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 900 });
    await card.screenshot({ path: "test-results/payout-review-390.png" });
  });

  test("an approved transfer leaves review for the next batch, and the member may cancel while it is reviewed", async ({
    page,
    context,
    baseURL,
  }) => {
    const wallet = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, wallet);
    const user = await signedInUser(context, baseURL as string);
    await context.request.post("/__e2e__/credit", { data: { email: user.email, tokens: "30000" } });
    await context.request.post("/__e2e__/flag", { data: { email: user.email, details: "many accounts from one network" } });
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Transfers to your wallet" });
    await card.getByRole("button", { name: "Verify with my wallet" }).click();
    await card.getByLabel("Amount to transfer").fill("10000");
    await card.getByRole("button", { name: "Transfer to my wallet" }).click();
    await expect(card.getByTestId("transfer-status")).toHaveText("being reviewed");
    await card.getByRole("button", { name: "Cancel transfer" }).click();
    await expect(card.getByTestId("transfer-status")).toHaveText("cancelled");

    await card.getByLabel("Amount to transfer").fill("10000");
    await card.getByRole("button", { name: "Transfer to my wallet" }).click();
    await expect(card.getByTestId("transfer-status").first()).toHaveText("being reviewed");
    await context.request.post("/__e2e__/review", { data: { email: user.email, decision: "approve", reason: "Checked: a family." } });
    await page.reload();
    // Approved: on to a batch (another test may already have made one).
    await expect(card.getByTestId("transfer-status").first()).toHaveText(/^(requested|in a batch)$/);
    await expect(card.getByText("Your transfer is being reviewed.")).toHaveCount(0);
  });
});
