import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from "viem";
import { offlineSignatureVerifier, type SignatureVerifier } from "./siwe.ts";

/** A read-only client of the token's chain; batched JSON-RPC keeps reconciliation's round trips few. */
export function payoutPublicClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: { batchSize: 100 }, retryCount: 2, timeout: 20_000 }) });
}

/** The transaction's receipt once it is mined; null while it is not (pending, dropped, or never broadcast). */
export function receiptOrNull(client: PublicClient, hash: Hex): Promise<TransactionReceipt | null> {
  return client.getTransactionReceipt({ hash }).catch((error: unknown) => {
    if (error instanceof TransactionReceiptNotFoundError) return null;
    throw error;
  });
}

/**
 * With a node, signatures verify as the wallet itself would answer: plain
 * accounts, smart-contract wallets (ERC-1271) and ones not yet deployed
 * (ERC-6492). Without one, plain accounts verify offline.
 */
export function signatureVerifierFor(rpcUrl: string | undefined): SignatureVerifier {
  if (!rpcUrl) return offlineSignatureVerifier;
  const client = payoutPublicClient(rpcUrl);
  return async (input: { address: Address; message: string; signature: Hex }) => {
    try {
      return await client.verifyMessage(input);
    } catch {
      return false;
    }
  };
}
