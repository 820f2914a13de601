import { APPEAL_MAX_LENGTH, appealFields, type PayoutView } from "../../../common/api/payouts.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

/** A reviewed transfer: what is happening, the reason of a refusal, and the member's one message to the reviewer. */
export function ReviewNote({ transfer, onChanged }: { transfer: PayoutView; onChanged: () => Promise<void> }) {
  const form = useApiForm(appealFields, { message: "" }, { csrf: "payouts", loadToken: false, refusals: "message" });
  const rejected = transfer.status === "rejected";
  if (!transfer.review || (transfer.status !== "in_review" && !rejected)) return null;

  const send = form.onSubmit(
    (data, csrfToken) => call("POST /api/payouts/:id/appeal", { params: { id: transfer.id }, body: { ...data, csrfToken } }),
    onChanged,
  );
  const message = form.field("message");

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
      {form.success || transfer.review.appealed ? (
        <p role="status" className="mt-2 font-medium">
          {form.success ?? "Your message is with the reviewer. We answer by email."}
        </p>
      ) : (
        <form noValidate onSubmit={send} className="mt-3 space-y-2">
          <label htmlFor={message.id} className="field-label">
            {rejected ? "Think this is a mistake? Tell the reviewer (one message)" : "Anything the reviewer should know? (one message)"}
          </label>
          <textarea rows={3} maxLength={APPEAL_MAX_LENGTH} className="field-input" {...message} />
          <FormMessage error={form.error} errorId={form.message.errorId} />
          <button type="submit" className="btn-secondary text-sm" disabled={form.submitting}>
            {form.submitting ? "Sending…" : "Send to the reviewer"}
          </button>
        </form>
      )}
    </div>
  );
}
