import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { chainQuestRefusalText } from "../../common/api/quests.ts";
import { loadSiteConfig } from "../../config/site.ts";
import { startAnvil } from "../support/local-chain.ts";
import { type ServerProcess, startServer } from "../support/server-process.ts";
import { type UniswapV3Market, uniswapV3Market } from "../support/uniswap-v3.ts";
import { signedInUser } from "./support/accounts.ts";
import { borrowPages } from "./support/borrowed-pages.ts";
import { expect, expectAccessible, test } from "./support/test.ts";
import { injectWallet } from "./support/wallet.ts";

const site = loadSiteConfig();
const SYMBOL = site.token.symbol;
const TOKENS = 10n ** 18n;
const USDC = 10n ** 6n;
const CONFIRMATIONS = 3;
const BUY_QUEST = `Buy ${SYMBOL} on ${site.dex.name}`;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let market: UniswapV3Market;
let server: ServerProcess;
let dataDir: string;

// One node and one server for the file: its tests run in order in one worker.
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  // A first start of the embedded database takes minutes on a loaded 2-core machine.
  test.setTimeout(300_000);
  anvil = await startAnvil();
  market = await uniswapV3Market(anvil.rpcUrl);
  await market.addLiquidity(8_000_000n * TOKENS, 100_000n * USDC);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kestrel-chain-quests-e2e-"));
  server = await startServer(
    {
      PGLITE_DIR: path.join(dataDir, "pglite"),
      LOG_LEVEL: "warn",
      SHARED_NETWORK_ACCOUNTS: "10000",
      // The build is the demo's; this server serves the API for the node's token, and the pages are borrowed.
      SERVE_SITE: "0",
      TOKEN_ADDRESS: market.token,
      DEX_POOL_ADDRESS: market.pool,
      DEX_QUOTE_ADDRESS: market.usdc,
      DEX_QUOTE_DECIMALS: "6",
      DEX_POSITION_MANAGER_ADDRESS: market.positionManager,
      REWARD_CHAIN_QUESTS: JSON.stringify([
        { id: "first-buy", kind: "buy", xp: 100, tokens: 50, period: "once" },
        {
          id: "revoke-router",
          kind: "revoke",
          spender: market.router,
          spenderName: "the swap router",
          xp: 100,
          tokens: 25,
          period: "once",
        },
      ]),
      CHAIN_INDEX_RPC_URL: anvil.rpcUrl,
      CHAIN_INDEX_CONFIRMATIONS: String(CONFIRMATIONS),
      CHAIN_INDEX_SECONDS: "1",
    },
    { hooked: true },
  );
});

test.afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ context }) => {
  await borrowPages(context, { server: server.url, pages: test.info().project.use.baseURL as string });
});

/** The address on this file's server: the suite's baseURL is the demo's server. */
const at = (pathname: string) => `${server.url}${pathname}`;

/** The block the page says the site has read the chain to, reloading until it is at least `block`. */
async function waitForIndex(page: Page, block: bigint) {
  await expect
    .poll(async () => {
      await page.reload();
      const text = await page.getByText(/^The chain as of block \d+/).textContent();
      return BigInt(/block (\d+)/.exec(text ?? "")?.[1] ?? "0");
    })
    .toBeGreaterThanOrEqual(block);
}

/** axe, and a look, at a phone's width and a desktop's. */
async function atBothWidths(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test.describe("on-chain quests on a local node with Uniswap v3", () => {
  test("a buy from the verified wallet: not found, then pending until final, then passed and credited once", async ({ page, context }) => {
    // Three states of the chain, each looked at at two widths: three times the suite's budget for one page.
    test.slow();
    const wallet = privateKeyToAccount(generatePrivateKey());
    await injectWallet(page, wallet);
    await signedInUser(context, server.url);
    await page.goto(at("/dashboard"));
    const payouts = page.getByRole("region", { name: "Transfers to your wallet" });
    await payouts.getByRole("button", { name: "Verify with my wallet" }).click();
    await expect(payouts.getByText(`Payouts go to your verified wallet ${wallet.address}`)).toBeVisible();

    await page.goto(at("/quests"));
    await expect(page.getByText(/^The chain as of block \d+/)).toBeVisible();
    const quest = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: BUY_QUEST }) });
    const checkNow = quest.getByRole("button", { name: `Check now: ${BUY_QUEST}` });
    const receipt = quest.getByRole("status");
    await checkNow.click();
    await expect(receipt).toHaveText(
      new RegExp(
        `^Not found\\. Checked block \\d+ at .* for wallet ${wallet.address}: not found, because no swap in the ${SYMBOL}/USDC pool`,
      ),
    );
    await atBothWidths(page, "chain-quest-not-found");

    await market.buyAs(wallet.address, 200n * USDC, wallet.address);
    const bought = await market.client.getBlockNumber({ cacheTime: 0 });
    await waitForIndex(page, bought);
    await checkNow.click();
    await expect(receipt).toHaveText(
      new RegExp(
        `^Pending\\. Checked block ${bought} .*: found, because transaction 0x[0-9a-f]{64} in block ${bought} bought [\\d,.]+ ${SYMBOL} .*sent by the wallet; but not yet at block ${bought - BigInt(CONFIRMATIONS) + 1n}, .* pending, not rejected\\. Check again once block ${bought + BigInt(CONFIRMATIONS) - 1n} is on the chain\\.`,
      ),
    );
    await expect(
      page.getByText(new RegExp(`^The chain as of block ${bought} .* in the last ${CONFIRMATIONS} blocks, shows as pending`)),
    ).toBeVisible();
    await atBothWidths(page, "chain-quest-pending");
    // Pressed again before the chain moves: the same block is not checked twice, and the card says so.
    await checkNow.click();
    await expect(quest.getByRole("alert")).toHaveText(
      new RegExp(`^Block ${bought} was already checked at .* Check again once the chain has moved past it\\.$`),
    );

    await market.test.mine({ blocks: CONFIRMATIONS - 1 });
    await waitForIndex(page, bought + BigInt(CONFIRMATIONS) - 1n);
    await checkNow.click();
    const passed = receipt.getByText(new RegExp(`^Found\\. Checked block \\d+ .*: found, because .* 100 XP; 50 ${SYMBOL} credited\\.$`));
    await expect(passed).toBeVisible();
    // The button pressed is gone: focus is on the receipt, not lost to the page.
    await expect(passed).toBeFocused();
    await expect(quest).toContainText(`Done: 100 XP and 50 ${SYMBOL} earned.`);
    await expect(checkNow).toHaveCount(0);
    await expect(page.getByText("Your XP: 100")).toBeVisible();
    await atBothWidths(page, "chain-quest-passed");

    // A second check, as a script would send it: refused as done, and nothing paid twice.
    const { csrf_token } = await (await context.request.get(at(`/api/request-csrftoken?app=${site.token.slug}&page=quests`))).json();
    const again = await context.request.post(at("/api/quests/chain/first-buy/check"), {
      data: { app: site.token.slug, csrfToken: csrf_token },
    });
    expect(again.status()).toBe(409);
    expect((await again.json()).err_msg).toBe(chainQuestRefusalText({ refusal: "quest_done", period: "once" }));
    await page.goto(at("/dashboard"));
    await expect(page.getByRole("region", { name: "Balance" }).getByText(`50 ${SYMBOL}`, { exact: true })).toBeVisible();
  });

  test("a member without a verified wallet is refused, with a receipt saying what to do", async ({ page, context }) => {
    await signedInUser(context, server.url);
    await page.goto(at("/quests"));
    await expect(page.getByText(/^The chain as of block \d+/)).toBeVisible();
    const quest = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: BUY_QUEST }) });
    await quest.getByRole("button", { name: `Check now: ${BUY_QUEST}` }).click();
    const refusal = chainQuestRefusalText({ refusal: "not_verified" });
    // Told beside the button pressed, not at the top of a long page.
    await expect(quest.getByRole("alert")).toHaveText(refusal);
    const receipt = quest.getByRole("status");
    await expect(receipt).toContainText("Refused. Checked nothing at");
    await expect(receipt).toContainText(refusal);
    await atBothWidths(page, "chain-quest-refused");
  });
});
