import { createRequire } from "node:module";
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseAbi,
} from "viem";
import { foundry } from "viem/chains";
import { sqrtBigint } from "./big-math.ts";
import { compileFixtures, confirmedWrite, DEV_ADDRESS, devWallet, ERC20_ABI } from "./local-chain.ts";

const require = createRequire(import.meta.url);

type Artifact = { abi: Abi; bytecode: Hex };
const artifact = (path: string) => require(path) as Artifact;

/** The canonical contracts, from the npm packages' own compiled artifacts (the bytecode the periphery's pool-address computation expects). */
const FACTORY = artifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json");
const POOL = artifact("@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json");
const POSITION_MANAGER = artifact(
  "@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json",
);
const ROUTER = artifact("@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json");

export const POOL_ABI = POOL.abi;
const FEE = 3000;
/** The widest ticks a 0.3 % pool allows (its tick spacing is 60). */
const FULL_RANGE = { tickLower: -887_220, tickUpper: 887_220 };
const FAR_FUTURE = 2n ** 40n;
const ERC20_EXTRA = parseAbi([
  "function approve(address spender, uint256 amount) returns (bool)",
  "function totalSupply() view returns (uint256)",
]);

/**
 * A token/USDC market on anvil as it runs on a real chain: Uniswap v3's
 * factory, pool, position manager and swap router; the project's test ERC-20
 * as the token (18 decimals) and as a 6-decimal USDC. The deployer holds
 * both supplies, provides the liquidity and trades; other holders act
 * through anvil's impersonation.
 */
export async function uniswapV3Market(
  rpcUrl: string,
  {
    tokenSupply = 1_000_000_000n * 10n ** 18n,
    /** The opening price: USDC per token, as a fraction. */
    price = [1n, 80n] as [bigint, bigint],
  }: { tokenSupply?: bigint; price?: [bigint, bigint] } = {},
) {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const chain: Chain = { ...foundry, id: await client.getChainId() };
  const test = createTestClient({ mode: "anvil", chain, transport: http(rpcUrl) });
  const dev = devWallet(rpcUrl, chain);
  const testToken = compileFixtures().TestToken as Artifact;
  const token = getAddress(await dev.deploy(testToken, ["Kestrel", "KSTL", 18, tokenSupply]));
  const usdc = getAddress(await dev.deploy(testToken, ["USD Coin", "USDC", 6, 10n ** 15n * 10n ** 6n]));
  const factory = getAddress(await dev.deploy(FACTORY, []));
  // WETH9 and the token descriptor are only used for ETH payments and tokenURI, which these tests never call.
  const positionManager = getAddress(await dev.deploy(POSITION_MANAGER, [factory, usdc, usdc]));
  const router = getAddress(await dev.deploy(ROUTER, [factory, usdc]));

  const tokenIsToken0 = BigInt(token) < BigInt(usdc);
  const [token0, token1] = tokenIsToken0 ? [token, usdc] : [usdc, token];
  // Raw price of token1 in token0 base units; sqrtPriceX96 = sqrt(raw × 2^192).
  const [num, den] = price;
  const raw = tokenIsToken0 ? [num * 10n ** 6n, den * 10n ** 18n] : [den * 10n ** 18n, num * 10n ** 6n];
  const sqrtPriceX96 = sqrtBigint(((raw[0] as bigint) << 192n) / (raw[1] as bigint));
  await dev.write(positionManager, POSITION_MANAGER.abi, "createAndInitializePoolIfNecessary", [token0, token1, FEE, sqrtPriceX96]);
  const pool = getAddress(
    (await client.readContract({ address: factory, abi: FACTORY.abi, functionName: "getPool", args: [token0, token1, FEE] })) as Address,
  );
  for (const spender of [positionManager, router])
    for (const asset of [token, usdc]) await dev.write(asset, ERC20_EXTRA, "approve", [spender, maxUint256]);

  const swap = (tokenIn: Address, tokenOut: Address, amountIn: bigint, recipient: Address) =>
    dev.write(router, ROUTER.abi, "exactInputSingle", [
      { tokenIn, tokenOut, fee: FEE, recipient, deadline: FAR_FUTURE, amountIn, amountOutMinimum: 0n, sqrtPriceLimitX96: 0n },
    ]);

  /** Sends one call as `from`, impersonated by anvil: a member's wallet acting without its key. */
  const sendAs = async (from: Address, to: Address, abi: Abi, functionName: string, args: unknown[]): Promise<void> => {
    await test.setBalance({ address: from, value: 10n ** 20n });
    await test.impersonateAccount({ address: from });
    const wallet = createWalletClient({ account: from, chain, transport: http(rpcUrl) });
    await confirmedWrite(wallet, client, { address: to, abi, functionName, args });
    await test.stopImpersonatingAccount({ address: from });
  };

  return {
    client,
    test,
    chain,
    token,
    usdc,
    pool,
    factory,
    positionManager,
    router,
    deployer: DEV_ADDRESS,
    tokenIsToken0,
    /** Adds full-range liquidity from the deployer, the position going to `recipient`: amounts are the most it may take of each. */
    addLiquidity: (tokenAmount: bigint, usdcAmount: bigint, recipient: Address = DEV_ADDRESS) =>
      dev.write(positionManager, POSITION_MANAGER.abi, "mint", [
        {
          token0,
          token1,
          fee: FEE,
          ...FULL_RANGE,
          amount0Desired: tokenIsToken0 ? tokenAmount : usdcAmount,
          amount1Desired: tokenIsToken0 ? usdcAmount : tokenAmount,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient,
          deadline: FAR_FUTURE,
        },
      ]),
    /** Pays `usdcIn` USDC base units for tokens sent to `recipient`. */
    buy: (usdcIn: bigint, recipient: Address = DEV_ADDRESS) => swap(usdc, token, usdcIn, recipient),
    /** Sells `tokenIn` token base units for USDC sent to `recipient`. */
    sell: (tokenIn: bigint, recipient: Address = DEV_ADDRESS) => swap(token, usdc, tokenIn, recipient),
    /** Moves tokens between holders: from the deployer directly, from anyone else as anvil impersonating them. */
    async transfer(from: Address, to: Address, amount: bigint): Promise<void> {
      if (getAddress(from) === DEV_ADDRESS) return dev.write(token, ERC20_ABI, "transfer", [to, amount]);
      await sendAs(from, token, ERC20_ABI, "transfer", [to, amount]);
    },
    sendAs,
    /** A buy sent by `from` itself (its own USDC, its own approval of the router), the tokens going to `recipient`. */
    async buyAs(from: Address, usdcIn: bigint, recipient: Address): Promise<void> {
      await dev.write(usdc, ERC20_ABI, "transfer", [from, usdcIn]);
      await sendAs(from, usdc, ERC20_EXTRA, "approve", [router, usdcIn]);
      await sendAs(from, router, ROUTER.abi, "exactInputSingle", [
        {
          tokenIn: usdc,
          tokenOut: token,
          fee: FEE,
          recipient,
          deadline: FAR_FUTURE,
          amountIn: usdcIn,
          amountOutMinimum: 0n,
          sqrtPriceLimitX96: 0n,
        },
      ]);
    },
    slot0: async () => {
      const slot = (await client.readContract({ address: pool, abi: POOL.abi, functionName: "slot0" })) as readonly [bigint, number];
      return { sqrtPriceX96: slot[0], tick: slot[1] };
    },
    balanceOf: (asset: Address, owner: Address) =>
      client.readContract({ address: asset, abi: ERC20_ABI, functionName: "balanceOf", args: [owner] }),
    totalSupply: () => client.readContract({ address: token, abi: ERC20_EXTRA, functionName: "totalSupply" }),
  };
}

export type UniswapV3Market = Awaited<ReturnType<typeof uniswapV3Market>>;
