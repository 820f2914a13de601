import { getAddress, stringToHex } from "viem";
import { createSiweMessage } from "viem/siwe";
import { site } from "../../site.ts";

/**
 * The Sign-In with Ethereum message a wallet signs to prove it is the
 * member's, and the hex `personal_sign` takes. Loaded when the member presses
 * Verify: viem's code is not part of the dashboard's first load (decision 060).
 */
export function walletProofMessage(account: string, nonce: string): { address: string; message: string; hex: string } {
  const address = getAddress(account);
  const origin = new URL(window.location.href);
  const message = createSiweMessage({
    address,
    chainId: site.token.chainId,
    domain: origin.host,
    uri: origin.origin,
    nonce,
    version: "1",
    issuedAt: new Date(),
    statement: `I own this wallet and want my ${site.token.symbol} rewards paid to it.`,
  });
  return { address, message, hex: stringToHex(message) };
}
