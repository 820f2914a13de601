import { href, Link } from "react-router";
import { adjustBalanceBody } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SelectField } from "../../components/ui/labelled-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { MemberHistory, MemberSessions, MemberStanding } from "../../features/console/member-activity.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";
import type { Route } from "./+types/member";

/** A member's page; keyed by the id, so moving to another member starts from nothing rather than the last one's data. */
export default function ConsoleMemberPage({ params }: Route.ComponentProps) {
  return <ConsoleMember key={params.id} id={params.id} />;
}

/** One member: profile, verification, the ledger with its running balance, and (admins) a credit or debit with a reason. */
function ConsoleMember({ id }: { id: string }) {
  const { operator, call } = useConsole();
  const { data, error, reload } = useConsoleQuery("GET /api/admin/members/:id", { params: { id } });
  const activity = useConsoleQuery("GET /api/admin/members/:id/activity", { params: { id } });
  const member = data?.member;
  const admin = operator.role === "admin";
  const refresh = () => {
    void reload();
    void activity.reload();
  };
  return (
    <>
      <p>
        <Link to={href("/admin/members")} className="text-brand-700 underline">
          Members
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">{member ? member.name || member.email : "Member"}</h1>
      <FormMessage error={error} />
      {member && data ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-3">
          <CardSection title="Profile" className="lg:col-span-1">
            <dl className="mt-3 space-y-2 break-words">
              <div>
                <dt className="text-sm font-semibold text-ink-800">Email</dt>
                <dd>{member.email}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-800">Balance</dt>
                <dd data-testid="member-balance">{formatTokens(member.balance)}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-800">Wallet</dt>
                <dd className="font-mono text-sm">{member.wallet_address ?? "none"}</dd>
                <dd className="text-sm">
                  {member.wallet_verified_at ? `verified ${member.wallet_verified_at.slice(0, 10)}` : "not verified"}
                </dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-800">Referral code</dt>
                <dd>{member.referral_code}</dd>
              </div>
              <div>
                <dt className="text-sm font-semibold text-ink-800">Claims · role · joined</dt>
                <dd>
                  {member.claim_count} · {member.role} · {member.created_at.slice(0, 10)}
                </dd>
              </div>
            </dl>
          </CardSection>
          {activity.data ? (
            <div className="space-y-6 lg:col-span-2">
              <MemberStanding memberId={member.id} activity={activity.data} admin={admin} onChanged={refresh} />
              <MemberSessions memberId={member.id} sessions={activity.data.sessions} admin={admin} onChanged={refresh} />
            </div>
          ) : null}
          <div className="space-y-6 lg:col-span-2">
            {admin ? (
              <CardSection title="Credit or debit">
                <ConsoleForm
                  className="mt-3"
                  schema={adjustBalanceBody}
                  empty={{ direction: "credit", tokens: "", reason: "", code: "" }}
                  send={(body) => call("POST /api/admin/members/:id/adjust", { params: { id: member.id }, body })}
                  submitLabel="Post to the ledger"
                  said={(reply) => `Posted. The balance is now ${formatTokens(reply.balance)}.`}
                  onDone={refresh}
                  code
                >
                  {(field) => (
                    <>
                      <SelectField label="Direction" {...field("direction")}>
                        <option value="credit">Credit</option>
                        <option value="debit">Debit</option>
                      </SelectField>
                      <TextField label={`Tokens (${site.token.symbol})`} inputMode="numeric" required {...field("tokens")} />
                      <TextField label="Reason" required hint="Kept in the audit log and on the ledger line." {...field("reason")} />
                    </>
                  )}
                </ConsoleForm>
              </CardSection>
            ) : null}
            <TitledSection>
              <SectionHeading className="text-xl font-bold">Ledger</SectionHeading>
              <DataTable label="Ledger, newest first" head={["When", "Kind", "Amount", "Balance after", "Reason"]}>
                {data.ledger.map((line) => (
                  <tr key={line.id}>
                    <Cell>{line.at.replace("T", " ").slice(0, 16)}</Cell>
                    <Cell>{line.kind}</Cell>
                    <Cell>{formatTokens(line.amount)}</Cell>
                    <Cell>{formatTokens(line.balance_after)}</Cell>
                    <Cell>{line.reason ?? ""}</Cell>
                  </tr>
                ))}
              </DataTable>
            </TitledSection>
          </div>
          {activity.data ? (
            <div className="space-y-6">
              <MemberHistory activity={activity.data} />
            </div>
          ) : null}
        </div>
      ) : error ? null : (
        <p role="status">Loading…</p>
      )}
    </>
  );
}
