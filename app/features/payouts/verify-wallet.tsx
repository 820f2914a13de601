import { useState } from "react";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { type AnnouncedWallet, useAnnouncedWallets } from "../../lib/eip6963.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { site } from "../../site.ts";

/**
 * "Verify with my wallet": the wallet found through EIP-6963 signs a
 * Sign-In with Ethereum message (personal_sign) naming this site, the
 * token's chain and a single-use nonce; the server checks it and stores the
 * signer's address as the verified payout address.
 */
export function VerifyWallet({ onVerified }: { onVerified: () => Promise<void> }) {
  const wallets = useAnnouncedWallets();
  const csrf = useCsrfToken("payouts", { load: false });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  const verify = async (wallet: AnnouncedWallet) => {
    setPending(true);
    setError(null);
    setSuccess(null);
    try {
      const accounts = (await wallet.provider.request({ method: "eth_requestAccounts" })) as string[];
      const account = accounts[0];
      if (!account) throw new Error("no account");
      const [nonce, csrfToken, { walletProofMessage }] = await Promise.all([
        call("GET /api/siwe-nonce"),
        csrf.ensure(),
        import("./siwe-message.ts"),
      ]);
      if (!nonce.ok || !nonce.body?.nonce) {
        setError(nonce.body?.err_msg ?? UNREACHABLE);
        return;
      }
      const { address, message, hex } = walletProofMessage(account, nonce.body.nonce);
      const signature = (await wallet.provider.request({ method: "personal_sign", params: [hex, address] })) as string;
      const result = await call("POST /api/verify-wallet", { body: { message, signature, csrfToken: csrfToken ?? "" } });
      if (!result.ok) {
        if (result.status === 403) void csrf.refresh();
        setError(result.body?.err_msg ?? UNREACHABLE);
        return;
      }
      setSuccess(`Your wallet ${result.body?.address ?? address} is verified.`);
      await onVerified();
    } catch {
      setError(`${wallet.info.name} did not sign. Nothing was changed; you can try again.`);
    } finally {
      setPending(false);
    }
  };

  const deepLink = `https://metamask.app.link/dapp/${site.site.origin.replace(/^https?:\/\//, "")}/dashboard`;
  return (
    <div className="mt-4">
      <p className="text-base text-ink-800">
        Prove the wallet is yours by signing a short message. Signing is free: it sends no transaction and moves no tokens.
      </p>
      {wallets.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-3">
          {wallets.map((wallet) => (
            <button key={wallet.info.uuid} type="button" className="btn-primary" disabled={pending} onClick={() => verify(wallet)}>
              {wallets.length > 1 ? `Verify with ${wallet.info.name}` : "Verify with my wallet"}
            </button>
          ))}
        </div>
      ) : (
        <div className="mt-3 rounded-lg bg-sand-100 p-4 text-base text-ink-800">
          <p className="font-semibold">No wallet in this browser?</p>
          <p className="mt-1">
            On your phone, open this dashboard inside MetaMask Mobile's own browser and sign there:{" "}
            <a className="link" href={deepLink}>
              open the dashboard in MetaMask Mobile
            </a>
            . On a computer, install a browser wallet and reload this page.
          </p>
        </div>
      )}
      <div className="mt-3">
        <FormMessage error={error} success={success} />
      </div>
    </div>
  );
}
