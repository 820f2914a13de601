/**
 * What Uniswap's web app calls a chain in its links (`/explore/pools/<name>/…`, `?chain=<name>`), by chain id.
 * A token on a chain missing here names it with `DEX_CHAIN`.
 */
export const DEX_CHAIN_NAMES: Readonly<Record<number, string>> = {
  1: "ethereum",
  10: "optimism",
  56: "bnb",
  130: "unichain",
  137: "polygon",
  324: "zksync",
  8453: "base",
  42161: "arbitrum",
  42220: "celo",
  43114: "avalanche",
  81457: "blast",
  7777777: "zora",
  11155111: "ethereum_sepolia",
  // Local development nodes (Ganache, anvil, Hardhat): usually a fork of Ethereum, whose pool the links then show.
  1337: "ethereum",
  31337: "ethereum",
};
