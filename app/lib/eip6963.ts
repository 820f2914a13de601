import { useEffect, useState } from "react";
import { type AnnouncedWallet, discoverWallets } from "./wallet-discovery.ts";

export type { AnnouncedWallet };

/** The wallets in this browser, discovered with EIP-6963. */
export function useAnnouncedWallets(): AnnouncedWallet[] {
  const [wallets, setWallets] = useState<AnnouncedWallet[]>([]);
  useEffect(() => discoverWallets((wallet) => setWallets((current) => [...current, wallet])), []);
  return wallets;
}
