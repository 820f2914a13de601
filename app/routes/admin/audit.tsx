import { useState } from "react";
import { useSearchParams } from "react-router";
import type { AuditQuery } from "../../../common/api/admin.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";

const FILTERS = [
  { name: "action", label: "Action" },
  { name: "actor", label: "Operator" },
  { name: "subject", label: "Subject" },
  { name: "from", label: "From (UTC day)", type: "date" },
  { name: "to", label: "To (UTC day)", type: "date" },
];

const show = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

/** Every change an operator made, filterable, and the same rows as CSV. */
export default function ConsoleAudit() {
  const { download } = useConsole();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const { data, error } = useConsoleQuery("GET /api/admin/audit", { query: Object.fromEntries(params) as AuditQuery });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  return (
    <>
      <h1 className="text-3xl font-bold">Audit</h1>
      <form
        className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6 lg:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const filled = [...new FormData(event.currentTarget).entries()].filter(([, value]) => String(value).trim() !== "");
          setParams(Object.fromEntries(filled.map(([key, value]) => [key, String(value).trim()])));
        }}
      >
        {FILTERS.map((filter) => (
          <TextField
            key={filter.name}
            label={filter.label}
            name={filter.name}
            type={filter.type}
            defaultValue={params.get(filter.name) ?? ""}
          />
        ))}
        <button type="submit" className="btn-primary">
          Filter
        </button>
      </form>
      <div className="mt-4">
        <button
          type="button"
          className="btn-secondary"
          onClick={async () => setDownloadError(await download(`/api/admin/audit.csv${query ? `?${query}` : ""}`))}
        >
          Download as CSV
        </button>
      </div>
      <FormMessage error={error ?? downloadError} />
      {data ? (
        <DataTable label="Audit log, newest first" head={["When", "Operator", "Action", "Subject", "Reason", "Before", "After"]}>
          {data.entries.map((entry) => (
            <tr key={entry.id}>
              <Cell>{entry.at.slice(0, 19).replace("T", " ")}</Cell>
              <Cell>{entry.actor}</Cell>
              <Cell>{entry.action}</Cell>
              <Cell>{entry.subject}</Cell>
              <Cell>{entry.reason}</Cell>
              <Cell mono>{show(entry.before)}</Cell>
              <Cell mono>{show(entry.after)}</Cell>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </>
  );
}
