import { type FormEvent, useId, useState } from "react";
import { APPEAL_MAX_LENGTH, appealFields, type PayoutView } from "../../../common/api/payouts.ts";
import { appealPayout } from "../../lib/api/payouts.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";

const UNREACHABLE = "We could not reach the server. Check your connection and try again.";

/** A reviewed transfer: what is happening, the reason of a refusal, and the member's one message to the reviewer. */
export function ReviewNote({ transfer, onChanged }: { transfer: PayoutView; onChanged: () => Promise<void> }) {
  const csrf = useCsrfToken("payouts", { load: false });
  const messageId = useId();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const rejected = transfer.status === "rejected";
  if (!transfer.review || (transfer.status !== "in_review" && !rejected)) return null;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = appealFields.message.safeParse(message);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? UNREACHABLE);
      return;
    }
    setSending(true);
    setError(null);
    const result = await appealPayout(transfer.id, checked.data, (await csrf.ensure()) ?? "");
    setSending(false);
    if (!result.ok) {
      setError(result.body?.err_msg ?? UNREACHABLE);
      return;
    }
    setSent(result.body?.suc_msg ?? "Your message was sent.");
    await onChanged();
  };

  return (
    <div className="mt-2 w-full rounded-lg bg-sand-50 p-4 text-base text-ink-800">
      {rejected ? (
        <p>
          <strong>This transfer was not approved.</strong> The tokens are back in your balance. The reviewer's reason: {transfer.reason}
        </p>
      ) : (
        <p>
          <strong>Your transfer is being reviewed.</strong> A person checks some transfers before they are paid, to keep the rewards fair.
          The tokens stay yours while they wait, and you can cancel the transfer at any time.
        </p>
      )}
      {sent || transfer.review.appealed ? (
        <p role="status" className="mt-2 font-medium">
          {sent ?? "Your message is with the reviewer. We answer by email."}
        </p>
      ) : (
        <form noValidate onSubmit={send} className="mt-3 space-y-2">
          <label htmlFor={messageId} className="field-label">
            {rejected ? "Think this is a mistake? Tell the reviewer (one message)" : "Anything the reviewer should know? (one message)"}
          </label>
          <textarea
            id={messageId}
            rows={3}
            maxLength={APPEAL_MAX_LENGTH}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${messageId}-error` : undefined}
            className="field-input"
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
          {error ? (
            <p id={`${messageId}-error`} role="alert" className="text-danger-700">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn-secondary text-sm" disabled={sending}>
            {sending ? "Sending…" : "Send to the reviewer"}
          </button>
        </form>
      )}
    </div>
  );
}
