import { href, Link, useSearchParams } from "react-router";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";
import { formatTokens } from "../../lib/token-amount.ts";

/** Search members by email, name, referral code or wallet; the query stays in the address, so a search can be shared. */
export default function ConsoleMembers() {
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const { data, error } = useConsoleQuery("GET /api/admin/members", { query: { q } });
  return (
    <>
      <h1 className="text-3xl font-bold">Members</h1>
      <search>
        <form
          className="mt-6 flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            setParams({ q: String(new FormData(event.currentTarget).get("q") ?? "") });
          }}
        >
          <TextField label="Email, name, referral code or wallet" name="q" defaultValue={q} className="min-w-64 flex-1" required />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </form>
      </search>
      <div className="mt-6">
        <FormMessage error={error} />
        {data ? (
          data.members.length === 0 ? (
            <p role="status">No member matches.</p>
          ) : (
            <DataTable label="Members found" head={["Member", "Email", "Balance", "Wallet", "Joined"]}>
              {data.members.map((member) => (
                <tr key={member.id}>
                  <Cell>
                    <Link to={href("/admin/members/:id", { id: String(member.id) })} className="font-semibold text-brand-700 underline">
                      {member.name || `#${member.id}`}
                    </Link>
                  </Cell>
                  <Cell>{member.email}</Cell>
                  <Cell>{formatTokens(member.balance)}</Cell>
                  <Cell mono>{member.wallet_address ?? "—"}</Cell>
                  <Cell>{member.created_at.slice(0, 10)}</Cell>
                </tr>
              ))}
            </DataTable>
          )
        ) : null}
      </div>
    </>
  );
}
