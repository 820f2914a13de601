import { useState } from "react";
import { PAYOUT_STATUS_LABELS, type PayoutView } from "../../../common/api/payouts.ts";
import { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { site } from "../../site.ts";
import { ReviewNote } from "./review-note.tsx";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** 0x1234…abcd: the checksummed address's first and last characters, the whole one for screen readers and on hover. */
function ShortAddress({ address }: { address: string }) {
  return (
    <span title={address}>
      <span aria-hidden="true" className="font-mono">
        {address.slice(0, 6)}…{address.slice(-4)}
      </span>
      <span className="sr-only">{address}</span>
    </span>
  );
}

export function TransfersList({ transfers, onChanged }: { transfers: PayoutView[]; onChanged: () => Promise<void> }) {
  const csrf = useCsrfToken("payouts", { load: false });
  const [error, setError] = useState<string | null>(null);
  if (transfers.length === 0) return null;

  const cancel = async (id: number) => {
    setError(null);
    const result = await csrf.sendWithToken((csrfToken) => call("POST /api/payouts/:id/cancel", { params: { id }, body: { csrfToken } }));
    if (!result.ok) setError(result.body?.err_msg ?? UNREACHABLE);
    await onChanged();
  };

  return (
    <div className="mt-6">
      <h3 className="text-lg font-bold">Transfers</h3>
      {error ? (
        <p role="alert" className="mt-2 text-danger-700">
          {error}
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-sand-200">
        {transfers.map((transfer) => (
          <li key={transfer.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div>
              <p className="font-semibold">{formatTokens(transfer.amount)}</p>
              <p className="text-sm text-ink-700">
                {dateFormat.format(new Date(transfer.requested_at))} · to <ShortAddress address={transfer.address} />
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="rounded-full bg-sand-100 px-3 py-1 text-sm font-semibold" data-testid="transfer-status">
                {PAYOUT_STATUS_LABELS[transfer.status]}
              </span>
              {transfer.tx_hash ? (
                <a
                  className="link text-sm"
                  href={`${site.explorer.baseUrl}/tx/${transfer.tx_hash}`}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  View on {site.explorer.name}
                </a>
              ) : null}
              {transfer.status === "requested" || transfer.status === "in_review" ? (
                <button type="button" className="btn-secondary text-sm" onClick={() => cancel(transfer.id)}>
                  Cancel transfer
                </button>
              ) : null}
            </div>
            <ReviewNote transfer={transfer} onChanged={onChanged} />
          </li>
        ))}
      </ul>
    </div>
  );
}
