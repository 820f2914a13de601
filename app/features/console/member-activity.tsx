import { href, Link } from "react-router";
import type { z } from "zod";
import { type memberActivityReply, reasonBody, revokeSessionForm } from "../../../common/api/admin.ts";
import { PAYOUT_STATUS_LABELS, type PayoutStatusName } from "../../../common/api/payouts.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { SelectField } from "../../components/ui/labelled-field.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { useConsole } from "./console-context.ts";
import { ConsoleForm } from "./console-form.tsx";
import { Cell, DataTable } from "./data-table.tsx";

export type MemberActivity = z.infer<typeof memberActivityReply>;

const day = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** The member's hold and email state, with what an operator may do about each. */
export function MemberStanding({
  memberId,
  activity,
  admin,
  onChanged,
}: {
  memberId: number;
  activity: MemberActivity;
  admin: boolean;
  onChanged: () => void;
}) {
  const { call } = useConsole();
  const change = activity.frozen_at ? "unfreeze" : "freeze";
  return (
    <CardSection title="Standing">
      <dl className="mt-3 space-y-2">
        <div>
          <dt className="text-sm font-semibold text-ink-800">Email</dt>
          <dd>{activity.email_verified_at ? `confirmed ${day(activity.email_verified_at)}` : "not confirmed"}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-800">Claims and transfers</dt>
          <dd data-testid="member-hold">{activity.frozen_at ? `on hold since ${day(activity.frozen_at)}` : "open"}</dd>
        </div>
      </dl>
      {admin ? (
        <ConsoleForm
          className="mt-4"
          schema={reasonBody}
          empty={{ reason: "" }}
          send={(body) => call("POST /api/admin/members/:id/:change", { params: { id: memberId, change }, body })}
          submitLabel={change === "freeze" ? "Put on hold" : "Take off hold"}
          onDone={onChanged}
          reason={change === "freeze" ? "Reason to put on hold" : "Reason to take off hold"}
        />
      ) : null}
      {activity.email_verified_at ? null : (
        <ConsoleForm
          className="mt-4"
          schema={reasonBody}
          empty={{ reason: "asked by the member" }}
          send={(body) => call("POST /api/admin/members/:id/resend-verification", { params: { id: memberId }, body })}
          submitLabel="Send the confirmation link again"
          reason="Reason to send the link"
        />
      )}
    </CardSection>
  );
}

/** Where the member is signed in; an admin signs a session out. */
export function MemberSessions({
  memberId,
  sessions,
  admin,
  onChanged,
}: {
  memberId: number;
  sessions: MemberActivity["sessions"];
  admin: boolean;
  onChanged: () => void;
}) {
  const { call } = useConsole();
  return (
    <CardSection title="Sessions">
      {sessions.length === 0 ? (
        <p className="mt-3">Not signed in anywhere.</p>
      ) : (
        <DataTable label="Sessions" head={["Session", "Device", "Network", "Last used"]}>
          {sessions.map((session) => (
            <tr key={session.id}>
              <Cell mono>{session.id}</Cell>
              <Cell>{session.device}</Cell>
              <Cell>{session.network ?? ""}</Cell>
              <Cell>{day(session.last_used_at)}</Cell>
            </tr>
          ))}
        </DataTable>
      )}
      {admin && sessions.length > 0 ? (
        <ConsoleForm
          className="mt-4"
          key={sessions[0]?.id}
          schema={revokeSessionForm}
          empty={{ session: sessions[0]?.id ?? "", reason: "" }}
          send={({ session, ...body }) =>
            call("POST /api/admin/members/:id/sessions/:session/revoke", { params: { id: memberId, session }, body })
          }
          submitLabel="Sign out this session"
          onDone={onChanged}
          reason="Reason to sign it out"
        >
          {(field) => (
            <>
              <SelectField label="Session" {...field("session")}>
                {sessions.map((session) => (
                  <option key={session.id} value={session.id}>
                    {session.id} · {session.device}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </ConsoleForm>
      ) : null}
    </CardSection>
  );
}

/** Referrals, open risk signals, transfers and contact messages, each a short list. */
export function MemberHistory({ activity }: { activity: MemberActivity }) {
  return (
    <>
      <CardSection title="Risk signals">
        {activity.signals.length === 0 ? (
          <p className="mt-3">None open.</p>
        ) : (
          <ul className="mt-3 list-disc pl-5">
            {activity.signals.map((signal) => (
              <li key={`${signal.kind}-${signal.created_at}`}>
                <span className="font-semibold">{signal.kind}</span>: {signal.details} ({day(signal.created_at)})
              </li>
            ))}
          </ul>
        )}
      </CardSection>
      <CardSection title="Transfers">
        {activity.payouts.length === 0 ? (
          <p className="mt-3">None yet.</p>
        ) : (
          <DataTable label="The member's transfers" head={["#", "Amount", "Status", "Requested"]}>
            {activity.payouts.map((payout) => (
              <tr key={payout.id}>
                <Cell>{payout.id}</Cell>
                <Cell>{formatTokens(payout.amount)}</Cell>
                <Cell>{PAYOUT_STATUS_LABELS[payout.status as PayoutStatusName] ?? payout.status}</Cell>
                <Cell>{day(payout.requested_at)}</Cell>
              </tr>
            ))}
          </DataTable>
        )}
      </CardSection>
      <CardSection title="Referrals">
        {activity.referrals.length === 0 ? (
          <p className="mt-3">Nobody joined with this member's code yet.</p>
        ) : (
          <ul className="mt-3 space-y-1">
            {activity.referrals.map((referral) => (
              <li key={referral.id}>
                <Link to={href("/admin/members/:id", { id: String(referral.id) })} className="text-brand-700 underline">
                  {referral.email}
                </Link>{" "}
                · joined {referral.created_at.slice(0, 10)}
              </li>
            ))}
          </ul>
        )}
      </CardSection>
      <CardSection title="Contact messages">
        {activity.messages.length === 0 ? (
          <p className="mt-3">None.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {activity.messages.map((message) => (
              <li key={message.id}>
                <p className="font-semibold">
                  {message.subject} · {day(message.at)}
                </p>
                <p className="whitespace-pre-wrap break-words">{message.message}</p>
              </li>
            ))}
          </ul>
        )}
      </CardSection>
    </>
  );
}
