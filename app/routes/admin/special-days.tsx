import { removeSpecialDayForm, setSpecialDayBody } from "../../../common/api/admin.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";

/** The calendar of reward multipliers (UTC days); admins set and remove days. */
export default function ConsoleSpecialDays() {
  const { operator, call } = useConsole();
  const { data, error, reload } = useConsoleQuery("GET /api/admin/special-days");
  const admin = operator.role === "admin";
  return (
    <>
      <h1 className="text-3xl font-bold">Special days</h1>
      <FormMessage error={error} />
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <TitledSection>
          <SectionHeading className="text-xl font-bold">Calendar</SectionHeading>
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
        </TitledSection>
        {admin ? (
          <div className="space-y-6">
            <CardSection title="Set a day">
              <ConsoleForm
                className="mt-3"
                schema={setSpecialDayBody}
                empty={{ day: "", multiplier: "", note: "", reason: "" }}
                send={(body) => call("POST /api/admin/special-days", { body })}
                submitLabel="Set the day"
                onDone={() => void reload()}
                reason="Reason"
              >
                {(field) => (
                  <>
                    <TextField label="Day (UTC)" type="date" required {...field("day")} />
                    <TextField label="Multiplier (1, 2 or 3)" inputMode="numeric" required {...field("multiplier")} />
                    <TextField label="Note" {...field("note")} />
                  </>
                )}
              </ConsoleForm>
            </CardSection>
            <CardSection title="Remove a day">
              <ConsoleForm
                className="mt-3"
                schema={removeSpecialDayForm}
                empty={{ day: "", reason: "" }}
                send={({ day, ...body }) => call("POST /api/admin/special-days/:day/remove", { params: { day }, body })}
                submitLabel="Remove the day"
                onDone={() => void reload()}
                reason="Reason"
              >
                {(field) => (
                  <>
                    <TextField label="Day to remove (UTC)" type="date" required {...field("day")} />
                  </>
                )}
              </ConsoleForm>
            </CardSection>
          </div>
        ) : null}
      </div>
    </>
  );
}
