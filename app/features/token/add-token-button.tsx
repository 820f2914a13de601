import { useState } from "react";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { type AnnouncedWallet, useAnnouncedWallets } from "../../lib/eip6963.ts";
import { ADD_TOKEN_TEXT, askToWatchToken } from "./watch-token.ts";

type Outcome = { wallet: string; added: boolean };

/**
 * "Add KSTL to MetaMask" through EIP-747 `wallet_watchAsset`, shown only when
 * a wallet announced itself; otherwise nothing, and the manual steps stand.
 * The articles, which load no React, build the same section with app/enhance/add-token.ts.
 */
export function AddTokenButton() {
  const wallets = useAnnouncedWallets();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (wallets.length === 0) return null;

  const add = async (wallet: AnnouncedWallet) => {
    setPending(true);
    setOutcome(null);
    setOutcome({ wallet: wallet.info.name, added: await askToWatchToken(wallet) });
    setPending(false);
  };

  return (
    <TitledSection className="rounded-2xl border-2 border-brand-300 bg-surface p-5">
      <SectionHeading className="text-lg font-bold">{ADD_TOKEN_TEXT.heading}</SectionHeading>
      <p className="mt-1 text-base text-ink-800">{ADD_TOKEN_TEXT.intro}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        {wallets.map((wallet) => (
          <button key={wallet.info.uuid} type="button" className="btn-primary" disabled={pending} onClick={() => add(wallet)}>
            {wallet.info.icon.startsWith("data:image/") ? (
              <img src={wallet.info.icon} alt="" width={20} height={20} className="size-5" />
            ) : null}
            {ADD_TOKEN_TEXT.button(wallet.info.name)}
          </button>
        ))}
      </div>
      <p role="status" className="mt-3 text-base">
        {outcome ? ADD_TOKEN_TEXT.outcome(outcome.wallet, outcome.added) : null}
      </p>
    </TitledSection>
  );
}
