import { type FormEvent, useState } from "react";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { requestPayout } from "../../lib/api/payouts.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";

/** "Transfer to my wallet": any whole amount from the minimum to the balance, the full balance prefilled. */
export function TransferForm({ balance, minimum, onRequested }: { balance: string; minimum: string; onRequested: () => Promise<void> }) {
  const [amount, setAmount] = useState(balance);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const csrf = useCsrfToken("payouts", { load: false });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = amount.trim();
    if (!/^\d+$/.test(value)) {
      setError("Enter a whole number of tokens, without decimals or separators.");
      return;
    }
    if (BigInt(value) < BigInt(minimum) || BigInt(value) > BigInt(balance)) {
      setError(`Enter an amount from ${formatTokens(minimum)} to ${formatTokens(balance)}.`);
      return;
    }
    setPending(true);
    setError(null);
    const result = await requestPayout({ amount: value, csrfToken: (await csrf.ensure()) ?? "" });
    setPending(false);
    if (!result.ok) {
      if (result.status === 403) void csrf.refresh();
      setError(result.body?.err_msg ?? "We could not reach the server. Check your connection and try again.");
      return;
    }
    await onRequested();
  };

  return (
    <form className="mt-4 space-y-3" onSubmit={submit} noValidate>
      <TextField
        label="Amount to transfer"
        hint={`Whole tokens, from ${formatTokens(minimum)} up to your balance of ${formatTokens(balance)}.`}
        inputMode="numeric"
        autoComplete="off"
        required
        value={amount}
        aria-invalid={error !== null || undefined}
        onChange={(event) => setAmount(event.target.value)}
      />
      <FormMessage error={error} />
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? "Asking…" : "Transfer to my wallet"}
      </button>
    </form>
  );
}
