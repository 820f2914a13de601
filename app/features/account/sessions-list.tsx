import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { SessionsView } from "../../../common/api/account-settings.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { NeedsJavaScript } from "../../components/ui/needs-javascript.tsx";
import { call } from "../../lib/api-call.ts";
import type { ApiResult, Message } from "../../lib/api-request.ts";
import { UNREACHABLE } from "../../lib/api-request.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { loginFor } from "../auth/return-path.ts";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The member's signed-in devices, each with "Sign out", and "Sign out everywhere else". */
export function SessionsList({ version }: { version: number }) {
  const [sessions, setSessions] = useState<SessionsView["sessions"] | null>(null);
  const [message, setMessage] = useState<{ error: string | null; success: string | null }>({ error: null, success: null });
  const csrf = useCsrfToken("account", { load: false });
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    const result = await call("GET /api/sessions");
    if (result.status === 403) {
      navigate(loginFor("/account"), { replace: true });
      return;
    }
    if (result.ok && result.body) setSessions(result.body.sessions);
    else setMessage({ error: UNREACHABLE, success: null });
  }, [navigate]);

  useEffect(() => {
    void version;
    void load();
  }, [load, version]);

  const act = async (end: (csrfToken: string) => Promise<ApiResult<Message>>) => {
    const result = await csrf.sendWithToken(end);
    setMessage(
      result.ok ? { error: null, success: result.body?.suc_msg ?? null } : { error: result.body?.err_msg ?? UNREACHABLE, success: null },
    );
    await load();
    // The button pressed is gone from the list: keep the keyboard in this card.
    heading.current?.focus();
  };

  return (
    <CardSection
      title={
        <span ref={heading} tabIndex={-1}>
          Where you are signed in
        </span>
      }
    >
      <div className="mt-3 space-y-3">
        <FormMessage error={message.error} success={message.success} />
        {sessions === null ? (
          <div role="status">
            <p>Loading your sessions…</p>
            <NeedsJavaScript what="page" className="mt-3" />
          </div>
        ) : (
          <ul className="divide-y divide-sand-200">
            {sessions.map((session) => (
              <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold">
                    {session.device}
                    {session.current ? <span className="ml-2 rounded-full bg-sand-100 px-2 py-0.5 text-sm">This device</span> : null}
                  </p>
                  <p className="text-sm text-ink-700">
                    Last used {when.format(new Date(session.last_used_at))}
                    {session.this_network ? " · from this network" : session.network ? ` · from the network ${session.network}*` : ""}
                  </p>
                </div>
                {session.current ? null : (
                  <button
                    type="button"
                    className="btn-secondary text-sm"
                    onClick={() =>
                      act((csrfToken) => call("DELETE /api/sessions/:id", { params: { id: session.id }, body: { csrfToken } }))
                    }
                  >
                    Sign out<span className="sr-only"> {session.device}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {sessions?.some((session) => session.network && !session.this_network) ? (
          <p className="text-sm text-ink-700">
            * A network is the block of internet addresses a device signed in from (the first three numbers of the address, shown as …/24;
            …/48 for newer addresses): roughly where, never the device's own address.
          </p>
        ) : null}
        {sessions && sessions.length > 1 ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => act((csrfToken) => call("POST /api/sessions/revoke-others", { body: { csrfToken } }))}
          >
            Sign out everywhere else
          </button>
        ) : null}
      </div>
    </CardSection>
  );
}
