import { sql } from "drizzle-orm";
import { type Address, maxUint256, parseAbi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainQuestRefusalText, questsReply } from "../../common/api/quests.ts";
import { queryRows } from "../../server/db/client.ts";
import { type ChainIndexDeps, indexChain } from "../../server/services/chain-index/indexer.ts";
import { chainIndexDepsFrom } from "../../server/services/chain-index/settings.ts";
import { createUser, signedIn } from "../factories.ts";
import { type Agent, APP } from "../helpers/agent.ts";
import { openConsoleAs } from "../helpers/console.ts";
import { expectLedgerBalanced } from "../helpers/ledger.ts";
import { buildTestApp, type TestApp, testEnv, useTestApp } from "../helpers/test-app.ts";
import { startAnvil } from "../support/local-chain.ts";
import { type UniswapV3Market, uniswapV3Market } from "../support/uniswap-v3.ts";

const TOKENS = 10n ** 18n;
const USDC = 10n ** 6n;
const CONFIRMATIONS = 3;
const APPROVE = parseAbi(["function approve(address spender, uint256 amount) returns (bool)"]);

const someone = () => privateKeyToAccount(generatePrivateKey()).address;
const check = async (visitor: Agent, quest: string) =>
  visitor.post(`/api/quests/chain/${quest}/check`, { app: APP, csrfToken: await visitor.csrf("quests") });

describe("on-chain quests, checked on real Uniswap v3 contracts (anvil)", () => {
  let anvil: Awaited<ReturnType<typeof startAnvil>>;
  let market: UniswapV3Market;
  let t: TestApp & { close(): Promise<void> };

  beforeAll(async () => {
    anvil = await startAnvil();
    market = await uniswapV3Market(anvil.rpcUrl);
    await market.addLiquidity(8_000_000n * TOKENS, 100_000n * USDC);
    t = await buildTestApp({
      env: { CHAIN_INDEX_RPC_URL: anvil.rpcUrl, CHAIN_INDEX_CONFIRMATIONS: String(CONFIRMATIONS) },
      site: (site) => ({
        ...site,
        token: { ...site.token, address: market.token, decimals: 18 },
        dex: {
          ...site.dex,
          poolAddress: market.pool,
          quoteAddress: market.usdc,
          quoteDecimals: 6,
          positionManagerAddress: market.positionManager,
        },
        rewards: {
          ...site.rewards,
          chainQuests: [
            { id: "first-buy", kind: "buy", xp: 100, tokens: 50, period: "once" },
            { id: "hold", kind: "hold", minTokens: 1000, days: 3, xp: 150, tokens: 100, period: "month" },
            { id: "liquidity", kind: "liquidity", xp: 200, tokens: 100, period: "once" },
            { id: "revoke", kind: "revoke", spender: market.router, spenderName: "the swap router", xp: 100, tokens: 25, period: "once" },
            { id: "buy-again", kind: "buy", xp: 40, tokens: 10, period: "once" },
          ],
        },
      }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await anvil?.stop();
  });
  /** One run of the chain index (the job's service, without its lease, which the tests' still clock would keep). */
  const index = async () => {
    const deps = chainIndexDepsFrom(
      testEnv({ CHAIN_INDEX_RPC_URL: anvil.rpcUrl, CHAIN_INDEX_CONFIRMATIONS: String(CONFIRMATIONS) }),
      t.site,
      {
        db: t.database.db,
        clock: t.clock,
      },
    );
    expect((await indexChain(deps as ChainIndexDeps)).skipped).toBeNull();
  };
  const settle = async () => {
    await market.test.mine({ blocks: CONFIRMATIONS - 1 });
    await index();
  };

  /** A signed-in member whose verified wallet is `wallet` (as SIWE leaves it). */
  const member = async (wallet: Address | null = someone()) => {
    const user = await createUser(t.database.db);
    if (wallet)
      await queryRows(t.database.db, sql`update users set wallet_address = ${wallet}, wallet_verified_at = now() where id = ${user.id}`);
    return { user, wallet: wallet as Address, visitor: await signedIn(t.app, user, true) };
  };
  const credits = (userId: number) =>
    queryRows<{ kind: string; amount: string; award: string }>(
      t.database.db,
      sql`select 'tokens' as kind, amount::text, award from ledger_entries where user_id = ${userId} and kind = 'quest_reward'
          union all select 'xp', amount::text, award from xp_entries where user_id = ${userId} order by kind`,
    );

  describe("buy", () => {
    it("passes for a buy sent by the wallet, pending until its block is final, and pays once", async () => {
      const { user, wallet, visitor } = await member();
      await settle();
      const before = await check(visitor, "first-buy");
      expect(before.statusCode).toBe(200);
      expect(before.json().outcome).toBe("failed");
      expect(before.json().receipt).toMatch(
        new RegExp(
          `^Checked block \\d+ at .* for wallet ${wallet}: not found, because no swap in the \\w+/USDC pool up to this block bought`,
        ),
      );
      // Bought by the wallet itself, the tokens sent elsewhere: the transaction's sender is what counts.
      await market.buyAs(wallet, 200n * USDC, someone());
      await index();
      const pending = await check(visitor, "first-buy");
      expect(pending.json().outcome).toBe("pending");
      expect(pending.json().receipt).toMatch(
        /found, because transaction 0x[0-9a-f]{64} in block \d+ bought [\d,.]+ \w+ .*sent by the wallet; but not yet at block \d+/,
      );
      // Nothing new on the chain: the same block is not checked twice.
      const again = await check(visitor, "first-buy");
      expect(again.statusCode).toBe(409);
      expect(again.json().err_msg).toMatch(/^Block \d+ was already checked at/);

      await settle();
      const passed = await check(visitor, "first-buy");
      expect(passed.json()).toMatchObject({ outcome: "passed", xp: 100, tokens: "50" });
      expect(passed.json().receipt).toMatch(/: found, because .* sent by the wallet .*100 XP; 50 \w+ credited\.$/);
      expect(await credits(user.id)).toEqual([
        { kind: "tokens", amount: "50", award: "quest:chain:first-buy:once" },
        { kind: "xp", amount: "100", award: "quest:chain:first-buy:once" },
      ]);
      const done = await check(visitor, "first-buy");
      expect(done.statusCode).toBe(409);
      expect(done.json().err_msg).toBe(chainQuestRefusalText({ refusal: "quest_done", period: "once" }));
    });

    it("passes for a swap that paid the wallet, and not for a sale that paid it USDC", async () => {
      const paid = await member();
      const seller = await member();
      await market.buy(100n * USDC, paid.wallet);
      await market.sell(1_000n * TOKENS, seller.wallet);
      await settle();
      const buyer = await check(paid.visitor, "first-buy");
      expect(buyer.json().outcome).toBe("passed");
      expect(buyer.json().receipt).toMatch(/paying the wallet/);
      const sale = await check(seller.visitor, "first-buy");
      expect(sale.json().outcome).toBe("failed");
      expect(sale.json().receipt).toMatch(/not found, because no swap/);
    });

    it("credits once however many checks race", async () => {
      const { user, wallet, visitor } = await member();
      await market.buy(50n * USDC, wallet);
      await settle();
      const csrfToken = await visitor.csrf("quests");
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => visitor.post(`/api/quests/chain/first-buy/check`, { app: APP, csrfToken })),
      );
      const passed = replies.filter((reply) => reply.statusCode === 200 && reply.json().outcome === "passed");
      expect(passed.length).toBeGreaterThanOrEqual(1);
      expect(replies.every((reply) => reply.statusCode === 200 || reply.statusCode === 409)).toBe(true);
      expect(passed.reduce((sum, reply) => sum + BigInt(reply.json().tokens), 0n)).toBe(50n);
      expect(await credits(user.id)).toHaveLength(2);
      await expectLedgerBalanced(t.database.db);
    });
  });

  describe("hold", () => {
    const claimOn = async (visitor: Agent, day: string) => {
      t.clock.set(`${day}T10:00:00Z`);
      const reply = await visitor.get(`/api/claim-daily-reward?app=${APP}`);
      expect(reply.statusCode).toBe(200);
    };

    it("passes when the balance noted at each of the days' claims is at least the minimum", async () => {
      const { wallet, visitor } = await member();
      await market.transfer(market.deployer, wallet, 2_000n * TOKENS);
      await settle();
      for (const day of ["2026-11-24", "2026-11-25", "2026-11-26"]) await claimOn(visitor, day);
      const reply = await check(visitor, "hold");
      expect(reply.json().outcome).toBe("passed");
      expect(reply.json().receipt).toMatch(
        /found, because the lowest balance noted at a claim over 2026-11-24 to 2026-11-26 was 2,000 \w+ on 2026-11-24 \(block \d+\), at least the 1,000 \w+ needed\. 150 XP; 100 \w+ credited\.$/,
      );
    });

    it("fails when the tokens were there on one day only, borrowed", async () => {
      const { wallet, visitor } = await member();
      await market.transfer(market.deployer, wallet, 100n * TOKENS);
      await settle();
      await claimOn(visitor, "2026-11-24");
      const lender = someone();
      await market.transfer(market.deployer, lender, 5_000n * TOKENS);
      await market.transfer(lender, wallet, 5_000n * TOKENS);
      await settle();
      await claimOn(visitor, "2026-11-25");
      await market.transfer(wallet, lender, 5_000n * TOKENS);
      await settle();
      await claimOn(visitor, "2026-11-26");
      const reply = await check(visitor, "hold");
      expect(reply.json().outcome).toBe("failed");
      expect(reply.json().receipt).toMatch(
        /not found, because the lowest balance noted at a claim over 2026-11-24 to 2026-11-26 was 100 \w+ on 2026-11-2[46] .*below the 1,000/,
      );
    });

    it("fails when a day of the span had no claim", async () => {
      const { wallet, visitor } = await member();
      await market.transfer(market.deployer, wallet, 3_000n * TOKENS);
      await settle();
      await claimOn(visitor, "2026-11-24");
      await claimOn(visitor, "2026-11-26");
      const reply = await check(visitor, "hold");
      expect(reply.json().outcome).toBe("failed");
      expect(reply.json().receipt).toMatch(
        /the 3 days 2026-11-24 to 2026-11-26 need a claim each with this wallet verified, and 1 had none \(2026-11-25\)/,
      );
    });
  });

  describe("liquidity", () => {
    it("fails without a position, and passes once the wallet holds one in the pool", async () => {
      const { wallet, visitor } = await member();
      await settle();
      const none = await check(visitor, "liquidity");
      expect(none.json().outcome).toBe("failed");
      expect(none.json().receipt).toMatch(/not found, because the wallet holds no position at the position manager/);
      await market.addLiquidity(1_000n * TOKENS, 20n * USDC, wallet);
      const pending = await check(visitor, "liquidity");
      expect(pending.json().outcome).toBe("pending");
      await market.test.mine({ blocks: CONFIRMATIONS - 1 });
      const held = await check(visitor, "liquidity");
      expect(held.json().outcome).toBe("passed");
      expect(held.json().receipt).toMatch(/found, because the wallet holds position #\d+ in the \w+\/USDC pool with liquidity \d+/);
    });
  });

  describe("revoke", () => {
    it("passes when an allowance a check saw goes to zero", async () => {
      const { wallet, visitor } = await member();
      await market.sendAs(wallet, market.token, APPROVE, "approve", [market.router, maxUint256]);
      const seen = await check(visitor, "revoke");
      expect(seen.json().outcome).toBe("failed");
      expect(seen.json().receipt).toMatch(/not found, because the swap router \(0x[0-9a-fA-F]{40}\) may still spend an unlimited amount/);
      await market.sendAs(wallet, market.token, APPROVE, "approve", [market.router, 0n]);
      await market.test.mine({ blocks: CONFIRMATIONS - 1 });
      const revoked = await check(visitor, "revoke");
      expect(revoked.json().outcome).toBe("passed");
      expect(revoked.json().receipt).toMatch(/found, because the allowance of the swap router .* went from unlimited at block \d+ to 0/);
    });

    it("fails for a wallet whose allowance no check saw above zero", async () => {
      const { visitor } = await member();
      const reply = await check(visitor, "revoke");
      expect(reply.json().outcome).toBe("failed");
      expect(reply.json().receipt).toMatch(/the allowance of the swap router .* is 0, but no check saw it above 0 before/);
    });
  });

  describe("who may be checked", () => {
    it("refuses a member without a verified wallet, on hold, or flagged, each with a receipt", async () => {
      const unverified = await member(null);
      const frozen = await member();
      await queryRows(t.database.db, sql`update users set frozen_at = now() where id = ${frozen.user.id}`);
      const flagged = await member();
      await queryRows(
        t.database.db,
        sql`insert into risk_signals (user_id, kind, subject, details, created_at) values (${flagged.user.id}, 'shared_network_claims', 'x', 'test', now())`,
      );
      for (const [who, refusal, status] of [
        [unverified, "not_verified", 400],
        [frozen, "account_frozen", 403],
        [flagged, "quest_flagged", 403],
      ] as const) {
        const reply = await check(who.visitor, "first-buy");
        expect(reply.statusCode).toBe(status);
        expect(reply.json().err_msg).toBe(chainQuestRefusalText({ refusal }));
        const view = questsReply.parse((await who.visitor.get(`/api/quests?app=${APP}`)).json());
        expect(view.chain_quests.find((quest) => quest.id === "first-buy")?.last_check).toMatchObject({ outcome: "refused" });
      }
      expect((await check(unverified.visitor, "no-such-quest")).statusCode).toBe(404);
    });

    it("lists the quests with the index's last block, so pending is told from rejected", async () => {
      const { visitor } = await member();
      await settle();
      const view = questsReply.parse((await visitor.get(`/api/quests?app=${APP}`)).json());
      expect(view.chain_quests.map((quest) => [quest.id, quest.kind, quest.done])).toEqual([
        ["first-buy", "buy", false],
        ["hold", "hold", false],
        ["liquidity", "liquidity", false],
        ["revoke", "revoke", false],
        ["buy-again", "buy", false],
      ]);
      const head = await market.client.getBlockNumber({ cacheTime: 0 });
      expect(view.chain_index).toMatchObject({ status: "ready", last_block: head.toString(), confirmations: CONFIRMATIONS });
    });
  });

  describe("settings from the console", () => {
    const listed = async (visitor: Agent) =>
      questsReply.parse((await visitor.get(`/api/quests?app=${APP}`)).json()).chain_quests.find((quest) => quest.id === "buy-again");
    const receiptsOf = (userId: number) =>
      queryRows(t.database.db, sql`select 1 from quest_receipts where user_id = ${userId} and quest = 'chain:buy-again'`);

    it("refuses a paused quest without a receipt or credit, pays an edited amount once resumed, and hides a retired one", async () => {
      const admin = await openConsoleAs(t, "admin");
      const setting = (await admin.get("/api/admin/quests")).json().quests.find((quest: { id: string }) => quest.id === "buy-again");
      expect(setting).toMatchObject({ kind: "chain", page: null, tokens: "10", xp: 40, period: "once", status: "active" });
      const { user, wallet, visitor } = await member();
      await market.buy(60n * USDC, wallet);
      await settle();

      const status = (value: string) => admin.post("/api/admin/quests/chain/buy-again/status", { status: value, reason: "pool audit" });
      expect((await status("paused")).statusCode).toBe(200);
      expect(await listed(visitor)).toMatchObject({ paused: true, done: false });
      const paused = await check(visitor, "buy-again");
      expect(paused.statusCode).toBe(409);
      expect(paused.json().err_msg).toBe(chainQuestRefusalText({ refusal: "quest_paused" }));
      expect(await receiptsOf(user.id)).toEqual([]);
      expect(await credits(user.id)).toEqual([]);

      const edited = await admin.post("/api/admin/quests/chain/buy-again/edit", {
        title: "Buy a second time",
        tokens: "75",
        xp: 60,
        reason: "launch week",
      });
      expect(edited.statusCode).toBe(200);
      expect((await status("active")).statusCode).toBe(200);
      const audit = await queryRows<{ action: string }>(
        t.database.db,
        sql`select action from audit_log where subject = 'quest:chain:buy-again' order by id`,
      );
      expect(audit.map((row) => row.action)).toEqual(["quests.pause", "quests.edit", "quests.resume"]);
      expect(await listed(visitor)).toMatchObject({ title: "Buy a second time", tokens: "75", xp: 60, paused: false });
      expect((await check(visitor, "buy-again")).json()).toMatchObject({ outcome: "passed", xp: 60, tokens: "75" });
      expect(await credits(user.id)).toEqual([
        { kind: "tokens", amount: "75", award: "quest:chain:buy-again:once" },
        { kind: "xp", amount: "60", award: "quest:chain:buy-again:once" },
      ]);

      expect((await status("retired")).statusCode).toBe(200);
      expect(await listed(visitor)).toBeUndefined();
      const offer = (await visitor.get(`/api/quests/offer?app=${APP}`)).json().quests as Array<{ kind: string; id: string }>;
      expect(offer.filter((quest) => quest.kind === "chain").map((quest) => quest.id)).toEqual([
        "first-buy",
        "hold",
        "liquidity",
        "revoke",
      ]);
      expect((await check(visitor, "buy-again")).statusCode).toBe(404);
      await expectLedgerBalanced(t.database.db);
    });
  });
});

describe("on-chain quests without a node (the demo)", () => {
  const t = useTestApp();

  it("says they need the chain index, and checks nothing", async () => {
    const user = await createUser(t.database.db);
    await queryRows(t.database.db, sql`update users set wallet_address = ${someone()}, wallet_verified_at = now() where id = ${user.id}`);
    const visitor = await signedIn(t.app, user, true);
    const view = questsReply.parse((await visitor.get(`/api/quests?app=${APP}`)).json());
    expect(view.chain_index).toEqual({ status: "off" });
    expect(view.chain_quests.length).toBeGreaterThan(0);
    const reply = await check(visitor, view.chain_quests[0]?.id ?? "");
    expect(reply.statusCode).toBe(409);
    expect(reply.json().err_msg).toBe(chainQuestRefusalText({ refusal: "no_chain_index" }));
  });
});
