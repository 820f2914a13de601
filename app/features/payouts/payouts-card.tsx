import { CardSection } from "../../components/ui/card-section.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";
import { TransferForm } from "./transfer-form.tsx";
import { TransfersList } from "./transfers-list.tsx";
import { usePayouts } from "./use-payouts.ts";
import { VerifyWallet } from "./verify-wallet.tsx";

/** Transfers to the member's own wallet: the proof of the wallet, the request, and each transfer's way to the chain. */
export function PayoutsCard({
  address,
  balance,
  reloadDashboard,
}: {
  address: string | null;
  balance: string;
  reloadDashboard: () => Promise<void>;
}) {
  const { view, failed, reload } = usePayouts(address);
  const refresh = async () => {
    await Promise.all([reload(), reloadDashboard()]);
  };
  if (failed && !view)
    return (
      <CardSection title="Transfers to your wallet">
        <p role="alert" className="mt-2 text-danger-700">
          We could not load your transfers. Reload the page to try again.
        </p>
      </CardSection>
    );
  if (!view) return null;
  const open = view.payouts.some((payout) => payout.status === "requested" || payout.status === "in_review");
  const canRequest = view.verified_address !== null && !open && BigInt(balance) >= BigInt(view.minimum);
  return (
    <CardSection title="Transfers to your wallet">
      <dl className="mt-3 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-ink-700">Available</dt>
          <dd className="text-2xl font-bold" data-testid="available">
            {formatTokens(balance)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-700">On its way</dt>
          <dd className="text-2xl font-bold" data-testid="on-its-way">
            {formatTokens(view.on_its_way)}
          </dd>
        </div>
      </dl>
      {view.verified_address ? (
        <p className="mt-4 text-base text-ink-800">
          Payouts go to your verified wallet <span className="font-mono break-all">{view.verified_address}</span> on {site.token.chainName}.
        </p>
      ) : (
        <VerifyWallet onVerified={refresh} />
      )}
      {canRequest ? <TransferForm balance={balance} minimum={view.minimum} onRequested={refresh} /> : null}
      {view.verified_address && !canRequest && !open ? (
        <p className="mt-3 text-base text-ink-800">Transfers open at {formatTokens(view.minimum)}.</p>
      ) : null}
      <TransfersList transfers={view.payouts} onChanged={refresh} />
    </CardSection>
  );
}
