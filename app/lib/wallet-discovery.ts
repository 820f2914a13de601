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

/** Calls `onWallet` once for each wallet in this browser that announces itself (no window.ethereum guessing); returns the clean-up. */
export function discoverWallets(onWallet: (wallet: AnnouncedWallet) => void): () => void {
  const seen = new Set<string>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isAnnouncedWallet(detail) || seen.has(detail.info.uuid)) return;
    seen.add(detail.info.uuid);
    onWallet(detail);
  };
  window.addEventListener("eip6963:announceProvider", onAnnounce);
  window.dispatchEvent(new Event("eip6963:requestProvider"));
  return () => window.removeEventListener("eip6963:announceProvider", onAnnounce);
}
