import { type Address, encodeFunctionData } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loadSiteConfig } from "../../config/site.ts";
import { ERC20_ABI, payoutChain, startAnvil } from "../support/local-chain.ts";
import { signedInUser } from "./support/accounts.ts";
import { holdRequests } from "./support/hold.ts";
import { expect, expectAccessible, test } from "./support/test.ts";
import { injectWallet } from "./support/wallet.ts";

const site = loadSiteConfig();
const CONFIRMATIONS = 2;

test.describe("payouts", () => {
  test("a member verifies the wallet, asks for a transfer, and sees it confirmed with an explorer link", async ({
    page,
    context,
    baseURL,
  }) => {
    const anvil = await startAnvil();
    try {
      const treasury = privateKeyToAccount(generatePrivateKey()).address;
      const chain = await payoutChain(anvil.rpcUrl, { treasury, decimals: site.token.decimals });
      const wallet = privateKeyToAccount(generatePrivateKey());
      await injectWallet(page, wallet);
      const user = await signedInUser(context, baseURL as string);
      await context.request.post("/__e2e__/credit", { data: { email: user.email, tokens: "12500" } });

      await page.goto("/dashboard");
      const card = page.getByRole("region", { name: "Transfers to your wallet" });
      await expect(card.getByTestId("available")).toHaveText(`12,500 ${site.token.symbol}`);
      await expectAccessible(page);
      // The dashboard's own reload, which brings the new address, is held until the member has typed an amount.
      const dashboardReload = await holdRequests(page, "**/api/dashboard?*");
      await card.getByRole("button", { name: "Verify with my wallet" }).click();
      await expect(card.getByText(`Payouts go to your verified wallet ${wallet.address}`)).toBeVisible();

      const amount = card.getByLabel("Amount to transfer");
      await expect(amount).toHaveValue("12500");
      await amount.fill("9999");
      const reloaded = page.waitForResponse((response) => response.url().includes("/api/dashboard?"));
      dashboardReload.release();
      await reloaded;
      await expect(page.getByTestId("wallet-address")).toHaveText(new RegExp(`^${wallet.address}$`, "i"));
      await expect(amount).toHaveValue("9999");
      await card.getByRole("button", { name: "Transfer to my wallet" }).click();
      await expect(card.getByRole("alert")).toHaveText(`Enter an amount from 10,000 ${site.token.symbol} to 12,500 ${site.token.symbol}.`);
      await expect(amount).toHaveAttribute("aria-invalid", "true");
      await expect(amount).toHaveAccessibleDescription(/Enter an amount from 10,000/);
      await amount.fill("11000");
      await card.getByRole("button", { name: "Transfer to my wallet" }).click();
      await expect(card.getByTestId("transfer-status")).toHaveText("requested");
      await expect(card.getByTestId("on-its-way")).toHaveText(`11,000 ${site.token.symbol}`);
      await expect(card.getByTestId("available")).toHaveText(`1,500 ${site.token.symbol}`);
      await expectAccessible(page);

      const batch = (await (await context.request.post("/__e2e__/payouts/batch")).json()) as {
        transfers: Array<{ to: Address; value: string }>;
      };
      // Other tests' members may be in the same batch: this test pays its own member only.
      const ours = batch.transfers.filter((transfer) => transfer.to === wallet.address);
      expect(ours).toEqual([{ to: wallet.address, value: (11_000n * 10n ** BigInt(site.token.decimals)).toString() }]);
      await page.reload();
      await expect(card.getByTestId("transfer-status")).toHaveText("in a batch");

      for (const transfer of ours) {
        await chain.sendAsTreasury({
          to: chain.token,
          data: encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [transfer.to, BigInt(transfer.value)] }),
        });
      }
      const reconcile = () =>
        context.request.post("/__e2e__/payouts/reconcile", {
          data: { rpc_url: anvil.rpcUrl, token: chain.token, treasury, confirmations: CONFIRMATIONS },
        });
      await chain.test.mine({ blocks: CONFIRMATIONS });
      expect((await (await reconcile()).json()).matched).toBe(1);
      // A new visit, not a reload: a reload keeps the scroll, which can leave the amount field under the sticky header
      // while axe measures how much of it can be tapped.
      await page.goto("/dashboard");
      await expect(card.getByTestId("transfer-status")).toHaveText("confirmed");
      const link = card.getByRole("link", { name: `View on ${site.explorer.name}` });
      await expect(link).toHaveAttribute("href", new RegExp(`^${site.explorer.baseUrl}/tx/0x[0-9a-f]{64}$`));
      await expect(card.getByTestId("on-its-way")).toHaveText(`0 ${site.token.symbol}`);
      await expectAccessible(page);
      await page.setViewportSize({ width: 390, height: 900 });
      await card.screenshot({ path: "test-results/payouts-card-390.png" });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.screenshot({ path: "test-results/payouts-dashboard-1280.png", fullPage: true });
    } finally {
      await anvil.stop();
    }
  });

  test("a member without a browser wallet is told how to sign in MetaMask Mobile", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string);
    await page.goto("/dashboard");
    const card = page.getByRole("region", { name: "Transfers to your wallet" });
    const link = card.getByRole("link", { name: "open the dashboard in MetaMask Mobile" });
    await expect(link).toHaveAttribute("href", `https://metamask.app.link/dapp/${new URL(site.site.origin).host}/dashboard`);
    await expect(card.getByRole("button", { name: "Verify with my wallet" })).toHaveCount(0);
    await expectAccessible(page);
  });
});
