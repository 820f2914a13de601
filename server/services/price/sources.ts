import { createPublicClient, getAddress, http, parseAbi } from "viem";
import { parseDecimal, type Rational, tokenPriceFromSqrtPrice } from "./uniswap-v3-math.ts";

/** Where the token's price in the quote stablecoin comes from. */
export type PriceSource = { description: string; read(): Promise<Rational> };

export function fixedPriceSource(value: string): PriceSource {
  const price = parseDecimal(value);
  return { description: `fixed at ${value} (demo)`, read: async () => price };
}

const poolAbi = parseAbi([
  "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
  "function token0() view returns (address)",
  "function token1() view returns (address)",
]);
const erc20Abi = parseAbi(["function decimals() view returns (uint8)"]);

/**
 * Reads the token/quote Uniswap v3 pool over Ethereum JSON-RPC: `slot0` for
 * the price every time; `token0`, `token1` and both tokens' `decimals` once,
 * since they never change.
 */
export function uniswapV3PriceSource({
  rpcUrl,
  poolAddress,
  tokenAddress,
  timeoutMs,
}: {
  rpcUrl: string;
  poolAddress: string;
  tokenAddress: string;
  timeoutMs: number;
}): PriceSource {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
  const pool = getAddress(poolAddress);
  let layout: Promise<{ decimals0: number; decimals1: number; tokenIsToken0: boolean }> | null = null;

  const readLayout = async () => {
    const [token0, token1] = await Promise.all([
      client.readContract({ address: pool, abi: poolAbi, functionName: "token0" }),
      client.readContract({ address: pool, abi: poolAbi, functionName: "token1" }),
    ]);
    const token = getAddress(tokenAddress);
    if (token !== getAddress(token0) && token !== getAddress(token1)) throw new Error(`The pool ${pool} does not hold the token ${token}`);
    const [decimals0, decimals1] = await Promise.all([
      client.readContract({ address: token0, abi: erc20Abi, functionName: "decimals" }),
      client.readContract({ address: token1, abi: erc20Abi, functionName: "decimals" }),
    ]);
    return { decimals0, decimals1, tokenIsToken0: token === getAddress(token0) };
  };

  return {
    description: `Uniswap v3 pool ${pool} over ${new URL(rpcUrl).origin}`,
    async read() {
      layout ??= readLayout().catch((error: unknown) => {
        layout = null;
        throw error;
      });
      const [{ decimals0, decimals1, tokenIsToken0 }, slot0] = await Promise.all([
        layout,
        client.readContract({ address: pool, abi: poolAbi, functionName: "slot0" }),
      ]);
      return tokenPriceFromSqrtPrice({ sqrtPriceX96: slot0[0], decimals0, decimals1, tokenIsToken0 });
    },
  };
}
