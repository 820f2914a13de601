import { reasonBody } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { useConsole } from "./console-context.ts";
import { ConsoleForm } from "./console-form.tsx";
import { useConsoleQuery } from "./use-console-query.ts";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** How many wait for sign-ups, and the one email that tells them sign-ups are open (admins, once sign-ups are). */
export function WaitlistCard() {
  const { operator, call } = useConsole();
  const { data, error, reload } = useConsoleQuery("GET /api/admin/waitlist");
  return (
    <CardSection title="Waitlist">
      <FormMessage error={error} />
      {data ? (
        <div className="mt-3 space-y-3">
          <p className="text-2xl font-bold">{data.confirmed.toLocaleString("en-US")} confirmed</p>
          <p className="text-sm text-ink-800">{data.unconfirmed.toLocaleString("en-US")} more have not opened their link yet.</p>
          {data.announced ? (
            <p>
              Told that sign-ups are open on {when.format(new Date(data.announced.sent_at))}: {data.announced.recipients} addresses.
            </p>
          ) : !data.signups_open ? (
            <p>Sign-ups are coming soon. Once they are open (SIGNUPS=open), an admin can tell the waitlist, once.</p>
          ) : operator.role === "admin" ? (
            <ConsoleForm
              schema={reasonBody}
              empty={{ reason: "" }}
              send={(body) => call("POST /api/admin/waitlist/announce", { body })}
              submitLabel="Tell the waitlist that sign-ups are open"
              confirm={() => `Email all ${data.confirmed} confirmed addresses now? This can be done once.`}
              onDone={() => void reload()}
              reason="Reason"
            />
          ) : (
            <p>An admin can tell the waitlist that sign-ups are open.</p>
          )}
        </div>
      ) : error ? null : (
        <p role="status">Loading…</p>
      )}
    </CardSection>
  );
}
