import { type Address, getAddress, type PublicClient, parseAbi } from "viem";
import type { SiteConfig } from "../../../config/site.ts";
import type { ServerEnv } from "../../env.ts";
import { chainIndexName } from "../chain-index/indexer.ts";
import { chainIndexClient } from "../chain-index/settings.ts";
import type { QuestChain } from "./chain-checks.ts";

const POOL_ABI = parseAbi([
  "function token0() view returns (address)",
  "function token1() view returns (address)",
  "function fee() view returns (uint24)",
]);
const POSITION_MANAGER_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)",
  "function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256 feeGrowthInside0LastX128, uint256 feeGrowthInside1LastX128, uint128 tokensOwed0, uint128 tokensOwed1)",
]);
const ERC20_ABI = parseAbi(["function allowance(address owner, address spender) view returns (uint256)"]);

/** The most positions read for one wallet: a wallet with more is checked on its first ones. */
export const MOST_POSITIONS_READ = 50;

export type LiquidityPosition = { id: bigint; token0: Address; token1: Address; fee: number; liquidity: bigint };

/**
 * The two things the on-chain quests read from the node rather than from the chain index: positions held at
 * Uniswap v3's position manager (an NFT's state, not a log the index reads) and an ERC-20 allowance. Every read
 * names its block, so a receipt says exactly what it looked at.
 */
export type ChainReader = {
  head(): Promise<bigint>;
  poolKey(pool: Address, blockNumber: bigint): Promise<{ token0: Address; token1: Address; fee: number }>;
  /** The wallet's positions (at most MOST_POSITIONS_READ) and how many it holds in all. */
  positions(positionManager: Address, owner: Address, blockNumber: bigint): Promise<{ held: bigint; read: LiquidityPosition[] }>;
  allowance(token: Address, owner: Address, spender: Address, blockNumber: bigint): Promise<bigint>;
};

export function chainReader(client: PublicClient): ChainReader {
  return {
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async poolKey(pool, blockNumber) {
      const [token0, token1, fee] = await Promise.all([
        client.readContract({ address: pool, abi: POOL_ABI, functionName: "token0", blockNumber }),
        client.readContract({ address: pool, abi: POOL_ABI, functionName: "token1", blockNumber }),
        client.readContract({ address: pool, abi: POOL_ABI, functionName: "fee", blockNumber }),
      ]);
      return { token0: getAddress(token0), token1: getAddress(token1), fee };
    },
    async positions(positionManager, owner, blockNumber) {
      const at = { address: positionManager, abi: POSITION_MANAGER_ABI, blockNumber } as const;
      const held = await client.readContract({ ...at, functionName: "balanceOf", args: [owner] });
      const count = held < BigInt(MOST_POSITIONS_READ) ? Number(held) : MOST_POSITIONS_READ;
      const read = await Promise.all(
        Array.from({ length: count }, async (_, index) => {
          const id = await client.readContract({ ...at, functionName: "tokenOfOwnerByIndex", args: [owner, BigInt(index)] });
          const position = await client.readContract({ ...at, functionName: "positions", args: [id] });
          return { id, token0: getAddress(position[2]), token1: getAddress(position[3]), fee: position[4], liquidity: position[7] };
        }),
      );
      return { held, read };
    },
    allowance: (token, owner, spender, blockNumber) =>
      client.readContract({ address: token, abi: ERC20_ABI, functionName: "allowance", args: [owner, spender], blockNumber }),
  };
}

/** The on-chain quests' view of the chain: the chain index's node, pool and token; null without a node (the demo). */
export function questChainFrom(env: ServerEnv, site: SiteConfig): QuestChain | null {
  if (!env.CHAIN_INDEX_RPC_URL) return null;
  const pool = getAddress(site.dex.poolAddress);
  const token = getAddress(site.token.address);
  return {
    reader: chainReader(chainIndexClient(env.CHAIN_INDEX_RPC_URL)),
    pool,
    token,
    positionManager: getAddress(site.dex.positionManagerAddress),
    indexName: chainIndexName(pool, token),
    confirmations: env.CHAIN_INDEX_CONFIRMATIONS,
  };
}
