import { useState } from "react";
import type { z } from "zod";
import { reviewDecisionBody, type reviewsReply } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";
import { formatTokens } from "../../lib/token-amount.ts";

type Review = z.infer<typeof reviewsReply>["reviews"][number];

function ReviewCard({ review, canDecide, onDecided }: { review: Review; canDecide: boolean; onDecided: (message: string) => void }) {
  const { call } = useConsole();
  return (
    <CardSection title={`Transfer ${review.payout_id}: ${formatTokens(review.amount)} to ${review.email}`}>
      <dl className="mt-3 space-y-2 break-words">
        <div>
          <dt className="text-sm font-semibold text-ink-800">Wallet</dt>
          <dd className="font-mono text-sm">{review.address}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-800">Signals</dt>
          <dd>
            <ul className="list-disc pl-5">
              {review.signals.map((signal) => (
                <li key={`${signal.kind}-${signal.details}`}>
                  <span className="font-semibold">{signal.kind}</span>: {signal.details}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-800">The member's appeal</dt>
          <dd>{review.appeal ?? "None yet."}</dd>
        </div>
      </dl>
      {canDecide ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          {(["approve", "reject"] as const).map((decision) => (
            <ConsoleForm
              key={decision}
              schema={reviewDecisionBody}
              empty={{ reason: "" }}
              send={(body) => call("POST /api/admin/reviews/:id/:decision", { params: { id: review.payout_id, decision }, body })}
              submitLabel={decision === "approve" ? "Approve" : "Reject"}
              onDone={(reply) => onDecided(`Transfer ${review.payout_id}: ${reply.suc_msg}`)}
            >
              {(field) => (
                <TextField
                  label={decision === "approve" ? "Reason to approve" : "Reason to reject"}
                  required
                  hint="The member reads this."
                  {...field("reason")}
                />
              )}
            </ConsoleForm>
          ))}
        </div>
      ) : null}
    </CardSection>
  );
}

/** Flagged payouts waiting for a person, with their signals and the member's appeal. */
export default function ConsoleReview() {
  const { operator } = useConsole();
  const { data, error, reload } = useConsoleQuery("GET /api/admin/reviews", { query: { open: "1" } });
  // The decided card leaves the list, so what was done is said above it.
  const [decided, setDecided] = useState<string | null>(null);
  return (
    <>
      <h1 className="text-3xl font-bold">Review</h1>
      <FormMessage error={error} success={decided} />
      <div className="mt-6 space-y-6">
        {data ? (
          data.reviews.length === 0 ? (
            <p role="status">No transfer is waiting for a review.</p>
          ) : (
            data.reviews.map((review) => (
              <ReviewCard
                key={review.payout_id}
                review={review}
                canDecide={operator.role === "admin"}
                onDecided={(message) => {
                  setDecided(message);
                  void reload();
                }}
              />
            ))
          )
        ) : null}
      </div>
    </>
  );
}
