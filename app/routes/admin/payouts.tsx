import { useState } from "react";
import { href, Link, useSearchParams } from "react-router";
import { makeBatchBody, reasonBody, sendBatchForm, transferMoveForm } from "../../../common/api/admin.ts";
import type { EndpointReply } from "../../../common/api/endpoints.ts";
import { PAYOUT_STATUS_LABELS, type PayoutStatusName } from "../../../common/api/payouts.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { FilterSelect } from "../../features/console/filter-select.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";
import type { CallReply } from "../../lib/api-call.ts";
import type { ApiResult } from "../../lib/api-request.ts";
import { formatTokens } from "../../lib/token-amount.ts";

type Batch = EndpointReply<"POST /api/admin/payouts/batches">;
type TransferMove = "POST /api/admin/payouts/:id/return" | "POST /api/admin/payouts/:id/void-transaction";

/** The batch's payouts that a send leaves alone, named in its confirmation so the total is not read as the batch's. */
function settledNote({ paid, returned }: { paid: number; returned: number }): string {
  return paid + returned === 0 ? "" : ` Its other payouts stay as they are: ${paid} already paid, ${returned} returned.`;
}

/** Transfers a send found dead, with the way out. */
function stuckNote(stuck: number[]): string {
  if (stuck.length === 0) return "";
  const [which, it] = stuck.length === 1 ? ["transfer", "it"] : ["transfers", "them"];
  return ` Another transaction from the hot wallet took the nonce of ${which} ${stuck.join(", ")}: void ${it} below, then send again.`;
}

/**
 * An admin's move on one transfer, named by its number, with a reason and a
 * fresh code; with `askSafeNonce`, the Safe nonce a return from a batch whose
 * Safe file was downloaded needs.
 */
function TransferMoneyMove<K extends TransferMove>({
  endpoint,
  submitLabel,
  said,
  onDone,
  askSafeNonce = false,
}: {
  endpoint: K;
  submitLabel: string;
  said?: (reply: EndpointReply<K>) => string;
  onDone: () => Promise<void> | void;
  askSafeNonce?: boolean;
}) {
  const { call } = useConsole();
  return (
    <ConsoleForm
      className="mt-3"
      schema={transferMoveForm}
      empty={{ payout: "", reason: "", safe_nonce: "", code: "" }}
      send={({ payout, safe_nonce, ...body }) =>
        call<TransferMove>(endpoint, { params: { id: payout }, body: { ...body, ...(safe_nonce ? { safe_nonce } : {}) } }) as Promise<
          ApiResult<CallReply<K>>
        >
      }
      submitLabel={submitLabel}
      said={said}
      onDone={() => void onDone()}
      reason="Reason"
      code
    >
      {(field) => (
        <>
          <TextField label="Transfer number" inputMode="numeric" required {...field("payout")} />
          {askSafeNonce ? (
            <TextField
              label="Safe nonce of the batch's transaction"
              hint="Needed once the batch's Safe file was downloaded: the nonce Safe{Wallet} shows for that transaction, after it was rejected or replaced and executed. The transfer goes back only when the chain shows that nonce used without paying it."
              inputMode="numeric"
              {...field("safe_nonce")}
            />
          ) : null}
        </>
      )}
    </ConsoleForm>
  );
}

function SafeFileButton({ batchId }: { batchId: number }) {
  const { download } = useConsole();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-2">
      <button
        type="button"
        className="btn-secondary"
        onClick={async () => setError(await download(`/api/admin/payouts/batches/${batchId}/safe-file`))}
      >
        Download the Safe file for batch {batchId}
      </button>
      <FormMessage error={error} />
    </div>
  );
}

/** Payouts by status, with the batch, the Safe file, the hot wallet, reconciliation and returns. */
export default function ConsolePayouts() {
  const { operator, call } = useConsole();
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const { data, error, reload } = useConsoleQuery("GET /api/admin/payouts", {
    query: status ? { status: status as PayoutStatusName } : {},
  });
  const [batch, setBatch] = useState<Batch | null>(null);
  // The handled alert leaves the list with its form, so the confirmation is said here.
  const [handled, setHandled] = useState<string | null>(null);
  const admin = operator.role === "admin";
  // With a hot wallet the treasury is that wallet, not a Safe: a Safe file would name no Safe.
  const batchIds = data && !data.hot_wallet ? data.batches_owing : [];

  return (
    <>
      <h1 className="text-3xl font-bold">Payouts</h1>
      <FormMessage error={error} success={handled} />
      {data && data.alerts.length > 0 ? (
        <TitledSection className="mt-6 rounded-lg border border-danger-700/30 bg-danger-50 p-4">
          <SectionHeading className="text-xl font-bold text-danger-700">Alerts</SectionHeading>
          <ul className="mt-2 space-y-4">
            {data.alerts.map((alert) => (
              <li key={alert.id}>
                <p className="break-words">
                  Alert {alert.id}, {alert.kind}: {alert.details} ({alert.subject}, {alert.created_at.slice(0, 16).replace("T", " ")})
                </p>
                <ConsoleForm
                  className="mt-2 max-w-xl"
                  schema={reasonBody}
                  empty={{ reason: "" }}
                  send={(body) => call("POST /api/admin/alerts/:id/resolve", { params: { id: alert.id }, body })}
                  submitLabel={`Mark alert ${alert.id} handled`}
                  said={() => ""}
                  onDone={(done) => {
                    setHandled(done.suc_msg);
                    void reload();
                  }}
                >
                  {(field) => <TextField label={`What was done about alert ${alert.id}`} required {...field("reason")} />}
                </ConsoleForm>
              </li>
            ))}
          </ul>
        </TitledSection>
      ) : null}
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        {admin ? (
          <CardSection title="Make a batch">
            <p className="mt-2 text-sm text-ink-800">Takes the oldest requested transfers, up to the batch limit.</p>
            <div className="mt-3">
              <ConsoleForm
                schema={makeBatchBody}
                empty={{ reason: "", code: "" }}
                send={(body) => call("POST /api/admin/payouts/batches", { body })}
                submitLabel="Make the batch"
                said={(made) =>
                  [
                    made.batch_id
                      ? `Batch ${made.batch_id}: ${made.count} transfer${made.count === 1 ? "" : "s"}, ${formatTokens(made.total)}.`
                      : "No waiting transfer fits in a batch.",
                    ...made.too_large.map(
                      (payout) =>
                        `Transfer ${payout.id} (${formatTokens(payout.amount)}) is larger than a whole batch, so no batch takes it: return it, or batch it from the shell with a higher --max-total and pay it through the Safe.`,
                    ),
                  ].join(" ")
                }
                onDone={(made) => {
                  setBatch(made);
                  void reload();
                }}
                reason="Reason"
                code
              />
              {batch?.batch_id && batchIds.includes(batch.batch_id) ? (
                <div className="mt-4">
                  <SafeFileButton batchId={batch.batch_id} />
                </div>
              ) : null}
            </div>
          </CardSection>
        ) : null}
        {admin && data?.hot_wallet ? (
          <CardSection title="Send with the hot wallet">
            <ConsoleForm
              className="mt-3"
              schema={sendBatchForm}
              empty={{ batch: "", reason: "", code: "" }}
              send={({ batch: id, ...body }) => call("POST /api/admin/payouts/batches/:id/send", { params: { id }, body })}
              submitLabel="Send the batch"
              confirm={async ({ batch: id }) => {
                const batch = await call("GET /api/admin/payouts/batches/:id", { params: { id } });
                return batch.ok && batch.body
                  ? `Send batch ${id} from the hot wallet: ${batch.body.count} transfer${batch.body.count === 1 ? "" : "s"}, ${formatTokens(batch.body.total)} in all, with fees capped at ${batch.body.fee_cap_gwei} gwei?${settledNote(batch.body)}`
                  : `Send batch ${id} from the hot wallet? Its total could not be read: ${batch.body?.err_msg ?? "no answer"}`;
              }}
              said={(sent) =>
                `Signed ${sent.signed}, sent again ${sent.rebroadcast}, already paid ${sent.already_paid}, returned ${sent.returned}.${stuckNote(sent.stuck)}`
              }
              onDone={() => void reload()}
              reason="Reason"
              code
            >
              {(field) => (
                <>
                  <TextField
                    label="Batch number"
                    inputMode="numeric"
                    required
                    hint={`Fees are capped at ${data.fee_cap_gwei} gwei.`}
                    {...field("batch")}
                  />
                </>
              )}
            </ConsoleForm>
          </CardSection>
        ) : null}
        {data?.chain ? (
          <CardSection title="Reconcile now">
            <p className="mt-2 text-sm text-ink-800">Reads the treasury's transfers from the chain and matches them to payouts.</p>
            <ConsoleForm
              className="mt-3"
              schema={reasonBody}
              empty={{ reason: "checked the chain from the console" }}
              send={(body) => call("POST /api/admin/payouts/reconcile", { body })}
              submitLabel="Reconcile now"
              said={(done) =>
                done.skipped ??
                `Matched ${done.matched}, confirmed ${done.confirmed}, reverted ${done.reverted}, new alerts ${done.alerts}.`
              }
              onDone={() => void reload()}
              reason="Reason"
            />
          </CardSection>
        ) : null}
      </div>

      <TitledSection className="mt-8">
        <SectionHeading className="text-xl font-bold">Transfers</SectionHeading>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <FilterSelect id="status-filter" label="Status" value={status} onChange={(value) => setParams(value ? { status: value } : {})}>
            <option value="">All</option>
            {Object.entries(PAYOUT_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </FilterSelect>
        </div>
        {data ? (
          <DataTable label="Transfers" head={["#", "Member", "Amount", "To", "Status", "Batch", "Requested"]}>
            {data.payouts.map((payout) => (
              <tr key={payout.id}>
                <Cell>{payout.id}</Cell>
                <Cell>
                  <Link to={href("/admin/members/:id", { id: String(payout.user_id) })} className="text-brand-700 underline">
                    #{payout.user_id}
                  </Link>
                </Cell>
                <Cell>{formatTokens(payout.amount)}</Cell>
                <Cell mono>{payout.address}</Cell>
                <Cell>{PAYOUT_STATUS_LABELS[payout.status as PayoutStatusName] ?? payout.status}</Cell>
                <Cell>{payout.batch_id ?? "—"}</Cell>
                <Cell>{payout.requested_at.slice(0, 16).replace("T", " ")}</Cell>
              </tr>
            ))}
          </DataTable>
        ) : null}
      </TitledSection>

      {admin && batchIds.length > 0 ? (
        <TitledSection className="mt-8">
          <SectionHeading className="text-xl font-bold">Safe files</SectionHeading>
          <div className="mt-3 flex flex-wrap gap-4">
            {batchIds.map((id) => (
              <SafeFileButton key={id} batchId={id} />
            ))}
          </div>
        </TitledSection>
      ) : null}

      {admin ? (
        <CardSection title="Return a transfer" className="mt-8">
          <p className="mt-2 text-sm text-ink-800">The tokens go back to the member's balance, with the reason on their ledger.</p>
          <TransferMoneyMove
            endpoint="POST /api/admin/payouts/:id/return"
            askSafeNonce={!data?.hot_wallet}
            submitLabel="Return the transfer"
            said={(reply) => `Returned. The member's balance is now ${formatTokens(reply.balance)}.`}
            onDone={reload}
          />
        </CardSection>
      ) : null}
      {admin && data?.hot_wallet ? (
        <CardSection title="Void a dead transaction" className="mt-8">
          <p className="mt-2 text-sm text-ink-800">
            When a transaction sent by hand from the hot wallet took the nonce of a transfer's transaction, that transaction can never be
            mined. Once the chain shows it, voiding it lets the next send of the batch sign the transfer again.
          </p>
          <TransferMoneyMove endpoint="POST /api/admin/payouts/:id/void-transaction" submitLabel="Void the transaction" onDone={reload} />
        </CardSection>
      ) : null}
    </>
  );
}
