import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { createWalletClient, encodeFunctionData, erc20Abi, getAddress, http } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { z } from "zod";
import { loadSiteConfig } from "../../config/site.ts";
import { batchFileChecksum, type SafeBatchFile } from "../../server/services/payouts/safe-export.ts";
import { payoutChain, startAnvil } from "../support/local-chain.ts";
import { startServer } from "../support/server-process.ts";
import { signedInUser } from "./support/accounts.ts";
import { enrol } from "./support/console-door.ts";
import { csrfTokenRequests, sendFirstWithStaleToken } from "./support/csrf-requests.ts";
import { expect, expectAccessible, test } from "./support/test.ts";
import { injectWallet } from "./support/wallet.ts";

const site = loadSiteConfig();
const CONSOLE_TITLE = `Console | ${site.token.name} (${site.token.symbol})`;
const CONFIRMATIONS = 2;

/** Safe{Wallet}'s Transaction Builder batch file, as its import reads it. */
const safeBatchFile = z.object({
  version: z.literal("1.0"),
  chainId: z.string().regex(/^\d+$/),
  createdAt: z.number().int(),
  meta: z.object({
    name: z.string().min(1),
    description: z.string(),
    txBuilderVersion: z.string(),
    createdFromSafeAddress: z.string(),
    createdFromOwnerAddress: z.string(),
    checksum: z.string().regex(/^0x[0-9a-f]{64}$/),
  }),
  transactions: z.array(
    z.object({
      to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      value: z.literal("0"),
      data: z.null(),
      contractMethod: z.object({
        name: z.literal("transfer"),
        payable: z.literal(false),
        inputs: z.array(z.object({ name: z.string(), type: z.string(), internalType: z.string() })),
      }),
      contractInputsValues: z.object({ to: z.string(), amount: z.string().regex(/^\d+$/) }),
    }),
  ),
});

/** The hooked server on an embedded database of its own, paying out on the local node; reconciliation only when asked. */
function startPayoutServer(rpcUrl: string, payouts: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kestrel-console-e2e-"));
  return startServer(
    {
      PGLITE_DIR: path.join(dataDir, "pglite"),
      LOG_LEVEL: "warn",
      SHARED_NETWORK_ACCOUNTS: "10000",
      PAYOUT_RPC_URL: rpcUrl,
      PAYOUT_CONFIRMATIONS: String(CONFIRMATIONS),
      PAYOUT_RECONCILE_SECONDS: "0",
      ...payouts,
    },
    { hooked: true },
  );
}

async function requestTransfer(page: Page, context: BrowserContext, baseURL: string, options: { flagged?: string } = {}) {
  const wallet = privateKeyToAccount(generatePrivateKey());
  await injectWallet(page, wallet);
  const member = await signedInUser(context, baseURL);
  await context.request.post("/__e2e__/credit", { data: { email: member.email, tokens: "12000" } });
  if (options.flagged) await context.request.post("/__e2e__/flag", { data: { email: member.email, details: options.flagged } });
  await page.goto("/dashboard");
  const card = page.getByRole("region", { name: "Transfers to your wallet" });
  await card.getByRole("button", { name: "Verify with my wallet" }).click();
  await expect(card.getByText(`Payouts go to your verified wallet ${wallet.address}`)).toBeVisible();
  await card.getByLabel("Amount to transfer").fill("10000");
  await card.getByRole("button", { name: "Transfer to my wallet" }).click();
  await expect(card.getByTestId("transfer-status")).toHaveText(options.flagged ? "being reviewed" : "requested");
  return { email: member.email, wallet: wallet.address, card };
}

test.describe("operator console", () => {
  test("a visitor is sent to sign in and a member is told the console is for the team", async ({ page, context, baseURL }) => {
    const shell = await context.request.get("/admin/payouts");
    expect(shell.status()).toBe(200);
    expect(shell.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    const shellHtml = await shell.text();
    expect(shellHtml).not.toContain("Transfers");
    // Named before the console's code runs: the tab, and a screen reader landing on the loading page, say where they are.
    expect(shellHtml).toContain(`<title>${CONSOLE_TITLE}</title>`);

    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Sign in first" })).toBeVisible();
    // The shell's title gave way to the console's own, not joined it.
    await expect(page).toHaveTitle(CONSOLE_TITLE);
    await expect(page.locator("head title")).toHaveCount(1);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await signedInUser(context, baseURL as string);
    await page.goto("/admin/members");
    await expect(page.getByRole("heading", { name: "No access" })).toBeVisible();
    await expect(page.getByText("This part of the site is for the team that runs the program.")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Console" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("support enrols, reads the console from the keyboard, and is offered no money move", async ({ page, context, baseURL }) => {
    await signedInUser(context, baseURL as string, { role: "support" });
    await page.goto("/admin/payouts");
    await expect(page.getByRole("heading", { name: "Set up two-factor sign-in" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await enrol(page);
    await expect(page.getByRole("heading", { name: "Payouts" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Make a batch" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Return a transfer" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Audit" })).toHaveCount(0);
    const refused = await page.evaluate(async (slug) => {
      const token = await (await fetch(`/api/request-csrftoken?app=${slug}&page=console`)).json();
      const reply = await fetch("/api/admin/payouts/batches", {
        method: "POST",
        headers: { "content-type": "application/json", "x-csrf-token": token.csrf_token },
        body: JSON.stringify({ reason: "try", code: "000000" }),
      });
      return { status: reply.status, body: await reply.json() };
    }, site.token.slug);
    expect(refused).toEqual({ status: 403, body: { err_msg: "Only an admin can do this." } });

    await page.getByRole("link", { name: "Overview" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Claims per day, / })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Close the console" }).click();
    await expect(page.getByRole("heading", { name: "Open the console" })).toBeVisible();
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill("nope-nope");
    await page.getByRole("button", { name: "Open the console" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "That code is not right, or it was used already. Wait for the next one and try again.",
    );
    await expectAccessible(page);
  });

  test("an admin puts a found member on hold and answers the member's contact message by email", async ({ page, context, baseURL }) => {
    const question = `Why can I not claim today? (${Date.now()})`;
    await page.goto("/contact-us");
    await page.getByLabel("Name").fill("Grace Hopper");
    await page.getByLabel("Email").fill("grace.hold@example.com");
    await page.getByLabel("Message").fill(question);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("button", { name: "Message sent" })).toBeDisabled();
    const member = (await (await context.request.post("/__e2e__/users", { data: { first_name: "Grace" } })).json()) as { email: string };

    await signedInUser(context, baseURL as string, { role: "admin" });
    await page.goto("/admin/members");
    await enrol(page);
    await page.getByLabel("Email, name, referral code or wallet").fill(member.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.getByRole("region", { name: "Members found" }).getByRole("link", { name: "Grace" }).click();
    const standing = page.getByRole("region", { name: "Standing" });
    await expect(standing.getByTestId("member-hold")).toHaveText("open");
    await expectAccessible(page);
    await standing.getByLabel("Reason to put on hold").fill("chargeback reported by the exchange");
    await standing.getByRole("button", { name: "Put on hold" }).click();
    await expect(standing.getByTestId("member-hold")).toHaveText(/^on hold since /);
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("row")).toHaveCount(2);

    await page.getByRole("link", { name: "Messages" }).click();
    const message = page.getByRole("article").filter({ hasText: question });
    await expect(message.getByText(question)).toBeVisible();
    await expect(message.getByTestId("message-state")).toHaveText("new");
    await expectAccessible(page);
    await message.getByLabel("Reply").fill("Your account is on hold while we check a report. We will write again within two days.");
    await message.getByRole("button", { name: "Send the reply by email" }).click();
    await expect(message.getByTestId("message-state")).toHaveText("answered");
    await expect(message.getByRole("list", { name: "Replies sent" })).toContainText("Your account is on hold while we check a report.");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: "test-results/console-messages-390.png", fullPage: true });
  });

  test("a console action refused for a token the server no longer takes is sent once more with a new token", async ({
    page,
    context,
    baseURL,
  }) => {
    await signedInUser(context, baseURL as string, { role: "admin" });
    const tokenRequests = csrfTokenRequests(page, "console");
    await page.goto("/admin/special-days");
    await enrol(page);
    const refused = await sendFirstWithStaleToken(page, "**/api/admin/special-days", "header");
    const before = tokenRequests.length;
    const day = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const set = page.getByRole("region", { name: "Set a day" });
    await set.getByLabel("Day (UTC)").fill(day);
    await set.getByLabel("Multiplier (1, 2 or 3)").fill("2");
    await set.getByLabel("Reason").fill("a test of the token renewal");
    await set.getByRole("button", { name: "Set the day" }).click();
    await expect(page.getByRole("table", { name: "Special days" }).getByRole("row", { name: new RegExp(day) })).toBeVisible();
    expect(refused).toEqual([403]);
    expect(tokenRequests.length).toBe(before + 1);
  });

  test("a reader reports a difference in a guide, and support finds it among the console's guide reports", async ({
    page,
    context,
    baseURL,
  }) => {
    const note = `The Create button is now called Get started (${Date.now()}).`;
    await page.goto("/browser-create-wallet");
    await page.getByRole("region", { name: "Something looks different?" }).getByRole("link", { name: "Tell us what you see" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Report a difference in a guide" })).toBeVisible();
    await expect(page.getByLabel("Which guide?")).toHaveValue("/browser-create-wallet");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByRole("alert")).toHaveText("Tell us what looks different.");
    await page.getByLabel("Which part?").selectOption({ index: 2 });
    await page.getByLabel("What looks different?").fill(note);
    await page.getByRole("button", { name: "Send the report" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you: the team will check this guide against the app.");
    await expect(page.getByLabel("What looks different?")).toHaveValue("");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: "test-results/report-guide-390.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await signedInUser(context, baseURL as string, { role: "support" });
    await page.goto("/admin/messages");
    await enrol(page);
    await page.getByLabel("Kind").selectOption("guide-report");
    const found = page.getByRole("article").filter({ hasText: note });
    await expect(found.getByRole("link", { name: "/browser-create-wallet, step 2" })).toHaveAttribute(
      "href",
      "/browser-create-wallet#step-2",
    );
    await expect(found.getByText("The reader left no address, so this report cannot be answered.")).toBeVisible();
    await expectAccessible(page);
  });

  test("an admin batches, downloads the Safe file, returns a transfer the signers refused, reconciles from the chain and rejects a flagged one", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const anvil = await startAnvil();
    const treasury = privateKeyToAccount(generatePrivateKey()).address;
    const chain = await payoutChain(anvil.rpcUrl, {
      treasury,
      decimals: site.token.decimals,
      at: getAddress(site.token.address),
      safe: true,
    });
    // The treasury Safe exists well before its first payout: its nonce is read at settled blocks.
    await chain.test.mine({ blocks: CONFIRMATIONS });
    const server = await startPayoutServer(anvil.rpcUrl, { PAYOUT_TREASURY_ADDRESS: treasury });
    const newContext = () => browser.newContext({ baseURL: server.url, acceptDownloads: true });
    try {
      const paidContext = await newContext();
      const paid = await requestTransfer(await paidContext.newPage(), paidContext, server.url);
      const returnedContext = await newContext();
      const returned = await requestTransfer(await returnedContext.newPage(), returnedContext, server.url);
      const flaggedContext = await newContext();
      const flagged = await requestTransfer(await flaggedContext.newPage(), flaggedContext, server.url, {
        flagged: "another account gave this wallet",
      });

      const adminContext = await newContext();
      const page = await adminContext.newPage();
      await signedInUser(adminContext, server.url, { role: "admin" });
      await page.goto("/admin/payouts");
      const nextCode = await enrol(page);
      await expect(page.getByRole("heading", { name: "Payouts" })).toBeVisible();

      const batchCard = page.getByRole("region", { name: "Make a batch" });
      await batchCard.getByLabel("Reason").fill("weekly payouts");
      await batchCard.getByLabel("Code from your authenticator app").fill(await nextCode());
      await batchCard.getByRole("button", { name: "Make the batch" }).click();
      await expect(batchCard.getByRole("status")).toHaveText(/^Batch \d+: 2 transfers, 20,000 KSTL\.$/);
      await expectAccessible(page);

      const downloadSafeFile = async () => {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          batchCard.getByRole("button", { name: /^Download the Safe file for batch \d+$/ }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(new RegExp(`^${site.token.slug}-payouts-batch-\\d+\\.json$`));
        const raw = JSON.parse(readFileSync(await download.path(), "utf8")) as SafeBatchFile;
        const file = safeBatchFile.parse(raw);
        expect(file.meta.createdFromSafeAddress).toBe(treasury);
        expect(file.meta.checksum).toBe(batchFileChecksum(raw));
        return file;
      };
      const transferOf = (wallet: string) => [
        chain.token,
        { to: wallet, amount: (10_000n * 10n ** BigInt(site.token.decimals)).toString() },
      ];
      const proposed = await downloadSafeFile();
      expect(proposed.transactions.map((call) => [getAddress(call.to), call.contractInputsValues])).toEqual([
        transferOf(paid.wallet),
        transferOf(returned.wallet),
      ]);

      // The signers refuse one transfer: they reject the Safe transaction, and once that is deep enough the admin
      // returns the refused transfer, naming the nonce, and makes the file again without it.
      const proposedNonce = await chain.safeNonce();
      await chain.rejectSafeTransaction();
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await page.getByLabel("Status").selectOption("batched");
      const transfers = page.getByRole("region", { name: "Transfers" });
      const returnedId =
        (await transfers.getByRole("row").filter({ hasText: returned.wallet }).getByRole("cell").first().textContent()) ?? "";
      const returnCard = page.getByRole("region", { name: "Return a transfer" });
      await returnCard.getByLabel("Transfer number").fill(returnedId);
      await returnCard.getByLabel("Reason").fill("the signers refused this transfer");
      await returnCard.getByLabel(/^Safe nonce/).fill(String(proposedNonce));
      await returnCard.getByLabel("Code from your authenticator app").fill(await nextCode());
      await returnCard.getByRole("button", { name: "Return the transfer" }).click();
      await expect(returnCard.getByRole("status")).toHaveText("Returned. The member's balance is now 12,000 KSTL.");
      await expectAccessible(page);
      const file = await downloadSafeFile();
      expect(file.transactions.map((call) => [getAddress(call.to), call.contractInputsValues])).toEqual([transferOf(paid.wallet)]);

      // The Safe's signers execute the file: the same calls, from the treasury.
      await chain.executeSafeFile(file);
      await chain.test.mine({ blocks: CONFIRMATIONS });
      const reconcileCard = page.getByRole("region", { name: "Reconcile now" });
      await reconcileCard.getByRole("button", { name: "Reconcile now" }).click();
      await expect(reconcileCard.getByRole("status")).toHaveText("Matched 1, confirmed 1, reverted 0, new alerts 0.");
      await page.getByLabel("Status").selectOption("confirmed");
      await expect(transfers.getByRole("row").filter({ hasText: paid.wallet })).toContainText("confirmed");
      expect(await chain.balanceOf(paid.wallet)).toBe(10_000n * 10n ** BigInt(site.token.decimals));

      // A transfer from the treasury that no payout asked for raises an alert, which a person looks into and marks handled.
      const stranger = privateKeyToAccount(generatePrivateKey()).address;
      await chain.sendAsTreasury({
        to: chain.token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [stranger, 5n] }),
      });
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await reconcileCard.getByRole("button", { name: "Reconcile now" }).click();
      await expect(reconcileCard.getByRole("status")).toHaveText("Matched 0, confirmed 0, reverted 0, new alerts 1.");
      const alerts = page.getByRole("region", { name: "Alerts" });
      await expect(alerts.getByRole("listitem")).toHaveCount(1);
      const alertId = /^Alert (\d+),/.exec((await alerts.getByRole("listitem").textContent()) ?? "")?.[1];
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await alerts.getByLabel(`What was done about alert ${alertId}`).fill("a test transfer the team sent itself");
      await alerts.getByRole("button", { name: `Mark alert ${alertId} handled` }).click();
      await expect(page.getByRole("status").filter({ hasText: "marked handled" })).toHaveText(`Alert ${alertId} is marked handled.`);
      await expect(alerts).toHaveCount(0);

      await page.getByRole("link", { name: "Review" }).click();
      const review = page.getByRole("region", { name: new RegExp(`to ${flagged.email.replace(/\./g, "\\.")}$`) });
      await expect(review.getByText("another account gave this wallet")).toBeVisible();
      await expectAccessible(page);
      await review.getByLabel("Reason to reject").fill("Two accounts share one wallet.");
      await review.getByRole("button", { name: "Reject" }).click();
      await expect(page.getByRole("status").filter({ hasText: /^Transfer \d+: Rejected/ })).toHaveText(
        /^Transfer \d+: Rejected: the tokens are back on the member's balance\.$/,
      );
      await expect(page.getByText("No transfer is waiting for a review.")).toBeVisible();

      await page.getByRole("link", { name: "Audit" }).click();
      const audit = page.getByRole("region", { name: "Audit log, newest first" });
      for (const action of ["two_factor.enrol", "payouts.batch", "payouts.reconcile", "alert.resolve", "payouts.return", "review.reject"])
        await expect(audit.getByRole("cell", { name: action, exact: true }).first()).toBeVisible();
      const [csv] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as CSV" }).click()]);
      expect(readFileSync(await csv.path(), "utf8")).toContain("review.reject");

      const flaggedPage = flaggedContext.pages()[0] as Page;
      await flaggedPage.reload();
      await expect(flagged.card.getByText("The reviewer's reason: Two accounts share one wallet.")).toBeVisible();

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("link", { name: "Payouts" }).click();
      await expect(page.getByRole("heading", { name: "Payouts" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: "test-results/console-payouts-390.png", fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.getByRole("link", { name: "Overview" }).click();
      await expect(page.getByRole("img", { name: /^Claims per day, / })).toBeVisible();
      await page.screenshot({ path: "test-results/console-overview-1280.png", fullPage: true });
      await Promise.all([paidContext, returnedContext, flaggedContext, adminContext].map((context) => context.close()));
    } finally {
      await server.stop();
      await anvil.stop();
    }
  });
  test("with a hot wallet, an admin sends a batch, voids the transaction a hand-sent one made dead, and sends it again", async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    // The hot wallet signs for the token's configured chain, so the node runs with its id.
    const anvil = await startAnvil(["--chain-id", String(site.token.chainId)]);
    const senderKey = generatePrivateKey();
    const hotWallet = privateKeyToAccount(senderKey);
    const chain = await payoutChain(anvil.rpcUrl, {
      treasury: hotWallet.address,
      decimals: site.token.decimals,
      at: getAddress(site.token.address),
    });
    const server = await startPayoutServer(anvil.rpcUrl, { PAYOUT_TREASURY_ADDRESS: hotWallet.address, PAYOUT_SENDER_KEY: senderKey });
    const newContext = () => browser.newContext({ baseURL: server.url });
    try {
      const memberContext = await newContext();
      const member = await requestTransfer(await memberContext.newPage(), memberContext, server.url);
      const adminContext = await newContext();
      const page = await adminContext.newPage();
      await signedInUser(adminContext, server.url, { role: "admin" });
      await page.goto("/admin/payouts");
      const nextCode = await enrol(page);

      const batchCard = page.getByRole("region", { name: "Make a batch" });
      await batchCard.getByLabel("Reason").fill("weekly payouts");
      await batchCard.getByLabel("Code from your authenticator app").fill(await nextCode());
      await batchCard.getByRole("button", { name: "Make the batch" }).click();
      await expect(batchCard.getByRole("status")).toHaveText(/^Batch \d+: 1 transfer, 10,000 KSTL\.$/);
      const batchId = /^Batch (\d+)/.exec((await batchCard.getByRole("status").textContent()) ?? "")?.[1] ?? "";
      // A hot wallet is not a Safe: no Safe file is offered.
      await expect(page.getByRole("button", { name: /^Download the Safe file/ })).toHaveCount(0);

      const sendCard = page.getByRole("region", { name: "Send with the hot wallet" });
      const send = async (reason: string) => {
        await sendCard.getByLabel("Batch number").fill(batchId);
        await sendCard.getByLabel("Reason").fill(reason);
        await sendCard.getByLabel("Code from your authenticator app").fill(await nextCode());
        page.once("dialog", (dialog) => {
          expect(dialog.message()).toBe(
            `Send batch ${batchId} from the hot wallet: 1 transfer, 10,000 KSTL in all, with fees capped at 50 gwei?`,
          );
          void dialog.accept();
        });
        await sendCard.getByRole("button", { name: "Send the batch" }).click();
        await expect(sendCard.getByRole("status")).toHaveText("Signed 1, sent again 0, already paid 0, returned 0.");
      };

      // The send's transaction waits in the node's pool; someone sends from the hot wallet by hand with its nonce.
      await chain.test.setAutomine(false);
      await send("weekly run");
      const pool = await chain.test.getTxpoolContent();
      const [pending] = Object.values(
        pool.pending[hotWallet.address] ?? pool.pending[hotWallet.address.toLowerCase() as `0x${string}`] ?? {},
      );
      if (!pending) throw new Error("the send left nothing in the pool");
      await chain.test.dropTransaction({ hash: pending.hash });
      const byHand = createWalletClient({ account: hotWallet, chain: chain.chain, transport: http(anvil.rpcUrl) });
      await byHand.sendTransaction({ to: hotWallet.address, value: 0n, nonce: Number(pending.nonce) });
      await chain.test.mine({ blocks: CONFIRMATIONS });
      await chain.test.setAutomine(true);

      const voidCard = page.getByRole("region", { name: "Void a dead transaction" });
      await page.getByLabel("Status").selectOption("batched");
      const transferId =
        (await page
          .getByRole("region", { name: "Transfers" })
          .getByRole("row")
          .filter({ hasText: member.wallet })
          .getByRole("cell")
          .first()
          .textContent()) ?? "";
      await voidCard.getByLabel("Transfer number").fill(transferId);
      await voidCard.getByLabel("Reason").fill("a transaction sent by hand took its nonce");
      await voidCard.getByLabel("Code from your authenticator app").fill(await nextCode());
      await voidCard.getByRole("button", { name: "Void the transaction" }).click();
      await expect(voidCard.getByRole("status")).toHaveText(
        `Transaction ${pending.hash} (nonce ${Number(pending.nonce)}) of transfer ${transferId} is void. The next send of its batch signs the transfer again.`,
      );
      await expectAccessible(page);

      await send("after the void");
      // The node mines a transaction soon after it answers the broadcast, not before.
      const paidOut = 10_000n * 10n ** BigInt(site.token.decimals);
      await expect.poll(() => chain.balanceOf(member.wallet)).toBe(paidOut);
      await chain.test.mine({ blocks: CONFIRMATIONS });
      const reconcileCard = page.getByRole("region", { name: "Reconcile now" });
      await reconcileCard.getByRole("button", { name: "Reconcile now" }).click();
      await expect(reconcileCard.getByRole("status")).toHaveText("Matched 1, confirmed 1, reverted 0, new alerts 0.");
      expect(await chain.balanceOf(member.wallet)).toBe(paidOut);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await page.screenshot({ path: "test-results/console-hot-wallet-390.png", fullPage: true });
      await Promise.all([memberContext, adminContext].map((context) => context.close()));
    } finally {
      await server.stop();
      await anvil.stop();
    }
  });
});
