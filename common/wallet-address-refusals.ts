/** Why an address cannot receive tokens: missing, not hex, a wrong checksum, the zero address, or the token's own contract. */
export type WalletAddressRefusal =
  | { refusal: "address_missing" | "not_an_address" | "checksum_mismatch" | "zero_address" }
  | { refusal: "token_contract"; symbol: string };

const WALLET_ADDRESS_REFUSAL_TEXTS = {
  address_missing: "Please enter your wallet address.",
  not_an_address: "That is not an Ethereum address. It starts with 0x followed by 40 characters (0 to 9, a to f).",
  checksum_mismatch: "The capital letters of that address do not match its checksum. Copy it again from your wallet.",
  zero_address: "That is the zero address: tokens sent there are lost forever. Enter your own wallet's address.",
} as const;

/** Kept apart from the schemas (a zod-free module), so the wallet form knows these words and marks the field they concern. */
export function walletAddressRefusalText(refused: WalletAddressRefusal): string {
  if (refused.refusal === "token_contract")
    return `That is the ${refused.symbol} contract's address, not a wallet: tokens sent to it are lost for good. Enter your own wallet's address.`;
  return WALLET_ADDRESS_REFUSAL_TEXTS[refused.refusal];
}

/** Every sentence the server can refuse this token's wallet address with. */
export function walletAddressRefusalTexts(symbol: string): string[] {
  return [...Object.values(WALLET_ADDRESS_REFUSAL_TEXTS), walletAddressRefusalText({ refusal: "token_contract", symbol })];
}
