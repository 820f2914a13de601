import { type ReactNode, useEffect, useState } from "react";
import { NeedsJavaScript } from "../../components/ui/needs-javascript.tsx";
import { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { useLinkToken } from "./use-link-token.ts";

type Outcome = { state: "checking" } | { state: "done"; message: string } | { state: "failed"; message: string };

/**
 * Follows a link from an email once the page has loaded, and says what
 * happened: the email confirmation, the cancelled change of address and the
 * waitlist's confirmation.
 */
export function LinkStatus({
  endpoint,
  checking,
  next,
  failedHint,
}: {
  /** The call that spends the link's token. */
  endpoint: "POST /api/verify-email" | "POST /api/cancel-email-change" | "POST /api/waitlist/confirm";
  checking: string;
  next: ReactNode;
  failedHint: ReactNode;
}) {
  const link = useLinkToken();
  const [outcome, setOutcome] = useState<Outcome>({ state: "checking" });
  useEffect(() => {
    if (!link.ready) return;
    if (!link.token) {
      setOutcome({ state: "failed", message: "This link is not complete. Open it again from the email." });
      return;
    }
    void call(endpoint, { body: { token: link.token } }).then((result) =>
      setOutcome(
        result.ok && result.body?.suc_msg
          ? { state: "done", message: result.body.suc_msg }
          : { state: "failed", message: result.body?.err_msg ?? UNREACHABLE },
      ),
    );
  }, [link.ready, link.token, endpoint]);

  if (outcome.state === "checking")
    return (
      <>
        <p role="status" className="text-base text-ink-800">
          {checking}
        </p>
        <NeedsJavaScript what="page" className="mt-4" />
      </>
    );
  if (outcome.state === "done")
    return (
      <div className="space-y-4">
        <p role="status" className="rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-base font-medium text-success-700">
          {outcome.message}
        </p>
        {next}
      </div>
    );
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg border border-danger-700/30 bg-danger-50 px-4 py-3 text-base font-medium text-danger-700">
        {outcome.message}
      </p>
      <p className="text-base">{failedHint}</p>
    </div>
  );
}
