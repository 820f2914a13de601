import { useState } from "react";
import { type AnnouncedWallet, useAnnouncedWallets } from "../../lib/eip6963.ts";
import { site } from "../../site.ts";

type Outcome = { wallet: string; added: boolean };

/**
 * "Add KSTL to MetaMask" through EIP-747 `wallet_watchAsset`, shown only when
 * a wallet announced itself; otherwise nothing, and the manual steps stand.
 */
export function AddTokenButton() {
  const wallets = useAnnouncedWallets();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (wallets.length === 0) return null;
  const { token } = site;

  const add = async (wallet: AnnouncedWallet) => {
    setPending(true);
    setOutcome(null);
    let added = false;
    try {
      added =
        (await wallet.provider.request({
          method: "wallet_watchAsset",
          params: {
            type: "ERC20",
            options: { address: token.address, symbol: token.symbol, decimals: token.decimals, image: `${site.site.origin}${token.logo}` },
          },
        })) === true;
    } catch {
      added = false;
    }
    setOutcome({ wallet: wallet.info.name, added });
    setPending(false);
  };

  return (
    <section aria-labelledby="add-token-heading" className="rounded-2xl border-2 border-brand-300 bg-white p-5">
      <h2 id="add-token-heading" className="text-lg font-bold">
        Add {token.symbol} in one click
      </h2>
      <p className="mt-1 text-base text-ink-800">
        Your browser has a wallet. It will ask you to confirm the token's address before adding it.
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {wallets.map((wallet) => (
          <button key={wallet.info.uuid} type="button" className="btn-primary" disabled={pending} onClick={() => add(wallet)}>
            {wallet.info.icon.startsWith("data:image/") ? (
              <img src={wallet.info.icon} alt="" width={20} height={20} className="size-5" />
            ) : null}
            Add {token.symbol} to {wallet.info.name}
          </button>
        ))}
      </div>
      <p role="status" className="mt-3 text-base">
        {outcome
          ? outcome.added
            ? `${token.symbol} was added to ${outcome.wallet}.`
            : `${outcome.wallet} did not add ${token.symbol}. You can add it by hand with the steps below.`
          : null}
      </p>
    </section>
  );
}
