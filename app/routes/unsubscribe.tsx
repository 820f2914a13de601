import { type FormEvent, useState } from "react";
import { href } from "react-router";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { unsubscribe } from "../features/account/unsubscribe.ts";
import { useLinkToken } from "../features/account/use-link-token.ts";
import { CardPage } from "../layout/card-page.tsx";
import { UNREACHABLE } from "../lib/api-request.ts";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Stop streak reminders");

type Outcome = { state: "ready" | "sending" } | { state: "done" | "failed"; message: string };

/**
 * Where the reminder email's link leads. Opening it changes nothing (mail
 * scanners open links); the button sends the same one-click POST a mail app's
 * Unsubscribe button sends, with the link's token and no login.
 */
export default function Unsubscribe() {
  const link = useLinkToken();
  const [outcome, setOutcome] = useState<Outcome>({ state: "ready" });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!link.token) {
      setOutcome({ state: "failed", message: "This link is not complete. Open it again from the email." });
      return;
    }
    setOutcome({ state: "sending" });
    const result = await unsubscribe(link.token);
    setOutcome(
      result.ok && result.body?.suc_msg
        ? { state: "done", message: result.body.suc_msg }
        : { state: "failed", message: result.body?.err_msg ?? UNREACHABLE },
    );
  };

  return (
    <CardPage
      title="Stop streak reminders"
      intro="We will no longer email you when your streak is at risk. You can turn them on again on your account page."
    >
      <div role="status">
        {outcome.state === "done" ? (
          <p className="rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-base font-medium text-success-700">
            {outcome.message}
          </p>
        ) : null}
      </div>
      {outcome.state === "failed" ? (
        <p role="alert" className="rounded-lg border border-danger-700/30 bg-danger-50 px-4 py-3 text-base font-medium text-danger-700">
          {outcome.message}
        </p>
      ) : null}
      {outcome.state === "done" ? (
        <a href={href("/account")} className="btn-secondary mt-4">
          Go to my account
        </a>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="mt-4">
          <SubmitButton className="btn-primary" disabled={!link.ready || outcome.state === "sending"}>
            {outcome.state === "sending" ? "Unsubscribing…" : "Unsubscribe"}
          </SubmitButton>
        </form>
      )}
    </CardPage>
  );
}
