import { useState } from "react";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { call } from "../../lib/api-call.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";

/** Until the member opens the link from the registration email: a reminder, with a rate-limited resend. */
export function VerifyEmailBanner() {
  const csrf = useCsrfToken("account", { load: false });
  const [state, setState] = useState<{ sending: boolean; error: string | null; success: string | null }>({
    sending: false,
    error: null,
    success: null,
  });
  const resend = async () => {
    setState({ sending: true, error: null, success: null });
    const result = await csrf.sendWithToken((csrfToken) => call("POST /api/resend-verification", { body: { csrfToken } }));
    setState(
      result.ok
        ? { sending: false, error: null, success: result.body?.suc_msg ?? null }
        : { sending: false, error: result.body?.err_msg ?? UNREACHABLE, success: null },
    );
  };
  return (
    <TitledSection className="mt-6 rounded-2xl border border-brand-600/40 bg-sand-50 p-5">
      <SectionHeading className="text-lg font-bold">Confirm your email address</SectionHeading>
      <p className="mt-1 text-base text-ink-800">
        Open the link we sent you. It lets you get back in if you forget your password, and transfers to your wallet need it.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary" onClick={resend} disabled={state.sending}>
          {state.sending ? "Sending…" : "Send the link again"}
        </button>
        <p role="status" className="text-base font-medium text-success-700">
          {state.success}
        </p>
      </div>
      {state.error ? (
        <p role="alert" className="mt-2 text-danger-700">
          {state.error}
        </p>
      ) : null}
    </TitledSection>
  );
}
