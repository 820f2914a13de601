import type { Page } from "@playwright/test";
import { type Hex, hexToString } from "viem";
import type { privateKeyToAccount } from "viem/accounts";

/**
 * A browser wallet for the page: an EIP-1193 provider announced through
 * EIP-6963, whose personal_sign is answered by a viem local account in the
 * test process (the key never enters the page).
 */
export async function injectWallet(page: Page, account: ReturnType<typeof privateKeyToAccount>) {
  await page.exposeFunction("__walletSign", (messageHex: Hex) => account.signMessage({ message: hexToString(messageHex) }));
  await page.addInitScript((address: string) => {
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method === "eth_requestAccounts" || method === "eth_accounts") return [address];
        if (method === "personal_sign")
          return (window as unknown as { __walletSign(m: unknown): Promise<string> }).__walletSign(params?.[0]);
        throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      },
    };
    const announce = () =>
      window.dispatchEvent(
        new CustomEvent("eip6963:announceProvider", {
          detail: Object.freeze({
            info: { uuid: "9b4c1f9e-test", name: "Test Wallet", icon: "data:image/svg+xml,<svg/>", rdns: "test.wallet" },
            provider,
          }),
        }),
      );
    window.addEventListener("eip6963:requestProvider", announce);
  }, account.address);
}
