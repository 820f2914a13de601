import { requestPayoutFields } from "../../../common/api/payouts.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

/** "Transfer to my wallet": any whole amount from the minimum to the balance, the full balance prefilled. */
export function TransferForm({ balance, minimum, onRequested }: { balance: string; minimum: string; onRequested: () => Promise<void> }) {
  const form = useApiForm(
    requestPayoutFields,
    { amount: balance },
    {
      csrf: "payouts",
      loadToken: false,
      refusals: "amount",
      check: ({ amount }) =>
        BigInt(amount) < BigInt(minimum) || BigInt(amount) > BigInt(balance)
          ? { field: "amount", message: `Enter an amount from ${formatTokens(minimum)} to ${formatTokens(balance)}.` }
          : null,
    },
  );
  const submit = form.onSubmit((data, csrfToken) => call("POST /api/payouts", { body: { ...data, csrfToken } }), onRequested);

  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <TextField
        label="Amount to transfer"
        hint={`Whole tokens, from ${formatTokens(minimum)} up to your balance of ${formatTokens(balance)}.`}
        inputMode="numeric"
        autoComplete="off"
        required
        {...form.field("amount")}
      />
      <FormMessage error={form.error} errorId={form.message.errorId} />
      <button type="submit" className="btn-primary" disabled={form.submitting}>
        {form.submitting ? "Asking…" : "Transfer to my wallet"}
      </button>
    </form>
  );
}
