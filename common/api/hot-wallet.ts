import type { Address, Hex } from "viem";
import { type RefusalWords, wordsOf } from "../refusal-words.ts";

/**
 * Why `payouts send` (the shell, or the console's Send) did not send from the
 * hot wallet: its settings, its key, the batch, the network's fee, the
 * wallet's balance, another run, or the node. All are the operator's to fix;
 * none carries the key or its password.
 */
export type SenderRefusal =
  | { refusal: "no_sender_node" | "no_sender_key" | "keystore_not_json" | "keystore_cipher" | "keystore_password" | "wallet_busy" }
  | { refusal: "keystore_unreadable"; path: string }
  | { refusal: "treasury_not_sender"; wallet: Address }
  | { refusal: "wrong_chain"; nodeChain: number; tokenChain: number }
  | { refusal: "batch_empty"; batchId: number }
  | { refusal: "above_batch_cap"; batchId: number; owedTotal: bigint; cap: bigint }
  | { refusal: "fee_above_cap"; feeGwei: string; capGwei: number }
  | { refusal: "wallet_short"; wallet: Address; held: bigint; needed: bigint }
  | { refusal: "node_refused"; hash: Hex; cause: string };

const SENDER_REFUSAL_TEXTS: RefusalWords<SenderRefusal> = {
  no_sender_node: () => "set PAYOUT_RPC_URL to send",
  no_sender_key: () => "Set PAYOUT_SENDER_KEY, or PAYOUT_SENDER_KEYSTORE and its password, to send from a hot wallet.",
  keystore_unreadable: ({ path }) => `The keystore file ${path} cannot be read.`,
  keystore_not_json: () => "The keystore file is not JSON.",
  keystore_cipher: () => "The keystore's cipher is not aes-128-ctr.",
  keystore_password: () => "The keystore password is wrong, or the file is damaged.",
  treasury_not_sender: ({ wallet }) =>
    `set PAYOUT_TREASURY_ADDRESS to the hot wallet's address, ${wallet}: reconciliation reads only the treasury's transfers, so what this wallet sends would never count as paid`,
  wrong_chain: ({ nodeChain, tokenChain }) => `the node is on chain ${nodeChain}, the token on chain ${tokenChain}`,
  batch_empty: ({ batchId }) => `Batch ${batchId} does not exist or is empty.`,
  above_batch_cap: ({ batchId, owedTotal, cap }) => `Batch ${batchId} moves ${owedTotal} tokens, above PAYOUT_MAX_BATCH_TOKENS (${cap}).`,
  fee_above_cap: ({ feeGwei, capGwei }) =>
    `The network asks up to ${feeGwei} gwei per gas, above PAYOUT_MAX_FEE_GWEI (${capGwei}). Try later.`,
  wallet_short: ({ wallet, held, needed }) => `The hot wallet ${wallet} holds ${held} base units; this batch needs ${needed}.`,
  wallet_busy: () => "Another send is using this hot wallet right now. Wait for it to finish, then run send again.",
  node_refused: ({ hash, cause }) => `The node refused a signed transfer (${hash}): ${cause}`,
};

export function senderRefusalText(refused: SenderRefusal): string {
  return wordsOf(SENDER_REFUSAL_TEXTS, refused);
}
