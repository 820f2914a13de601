import type { z } from "zod";
import type { specialDaysReply } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ActionForm } from "../../features/console/action-form.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";

/** The calendar of reward multipliers (UTC days); admins set and remove days. */
export default function ConsoleSpecialDays() {
  const { operator } = useConsole();
  const { data, error, reload } = useConsoleQuery<z.infer<typeof specialDaysReply>>("/api/admin/special-days");
  const admin = operator.role === "admin";
  return (
    <>
      <h1 className="text-3xl font-bold">Special days</h1>
      <FormMessage error={error} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="calendar">
          <h2 id="calendar" className="text-xl font-bold">
            Calendar
          </h2>
          {data ? (
            data.days.length === 0 ? (
              <p className="mt-3">No special day is set.</p>
            ) : (
              <DataTable label="Special days" head={["Day (UTC)", "Multiplier", "Note"]}>
                {data.days.map((day) => (
                  <tr key={day.day}>
                    <Cell>{day.day}</Cell>
                    <Cell>×{day.multiplier}</Cell>
                    <Cell>{day.note ?? ""}</Cell>
                  </tr>
                ))}
              </DataTable>
            )
          ) : null}
        </section>
        {admin ? (
          <div className="space-y-6">
            <CardSection title="Set a day">
              <div className="mt-3">
                <ActionForm path="/api/admin/special-days" submitLabel="Set the day" onDone={() => void reload()}>
                  <TextField label="Day (UTC)" name="day" type="date" required />
                  <TextField label="Multiplier (1, 2 or 3)" name="multiplier" inputMode="numeric" required />
                  <TextField label="Note" name="note" />
                  <TextField label="Reason" name="reason" required />
                </ActionForm>
              </div>
            </CardSection>
            <CardSection title="Remove a day">
              <div className="mt-3">
                <ActionForm
                  path={({ day = "" }) => `/api/admin/special-days/${encodeURIComponent(day)}/remove`}
                  toBody={({ reason = "" }) => ({ reason })}
                  submitLabel="Remove the day"
                  onDone={() => void reload()}
                >
                  <TextField label="Day to remove (UTC)" name="day" type="date" required />
                  <TextField label="Reason" name="reason" required />
                </ActionForm>
              </div>
            </CardSection>
          </div>
        ) : null}
      </div>
    </>
  );
}
