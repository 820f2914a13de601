import { useEffect, useState } from "react";

/** EIP-6963: an injected wallet announces itself with its name, icon and EIP-1193 provider. */
export type AnnouncedWallet = {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: { request(args: { method: string; params?: unknown }): Promise<unknown> };
};

function isAnnouncedWallet(detail: unknown): detail is AnnouncedWallet {
  const candidate = detail as AnnouncedWallet | undefined;
  return (
    typeof candidate?.info?.uuid === "string" &&
    typeof candidate.info.name === "string" &&
    typeof candidate.provider?.request === "function"
  );
}

/** The wallets in this browser, discovered with EIP-6963 (no window.ethereum guessing). */
export function useAnnouncedWallets(): AnnouncedWallet[] {
  const [wallets, setWallets] = useState<AnnouncedWallet[]>([]);
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (!isAnnouncedWallet(detail)) return;
      setWallets((current) => (current.some((wallet) => wallet.info.uuid === detail.info.uuid) ? current : [...current, detail]));
    };
    window.addEventListener("eip6963:announceProvider", onAnnounce);
    window.dispatchEvent(new Event("eip6963:requestProvider"));
    return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
  }, []);
  return wallets;
}
