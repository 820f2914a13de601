import { PAGE_QUEST_PERIODS } from "../../../common/api/admin-quests.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ActionForm } from "../../features/console/action-form.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useQuestSettings } from "../../features/console/use-quest-settings.ts";

function Choice({
  label,
  name,
  options,
  value,
  onChange,
}: {
  label: string;
  name: string;
  options: Array<{ value: string; label: string }>;
  value?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={`quest-${name}`} className="field-label">
        {label}
      </label>
      <select
        id={`quest-${name}`}
        name={name}
        className="field-input"
        value={value}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Which quests exist and what they pay; admins define page quests, edit amounts, pause, resume and retire. */
export default function ConsoleQuests() {
  const { operator } = useConsole();
  const { quests, error, reload, changeable, chosen, choose, keyOf, pathOf } = useQuestSettings();
  const done = () => void reload();
  return (
    <>
      <h1 className="text-3xl font-bold">Quests</h1>
      <p className="mt-2 max-w-3xl">
        Quizzes come from content/quizzes; their amounts and status are set here. On-chain quests come from the configuration (what each
        checks); their title, amounts and status are set here. Visit and read quests pay XP only. A change applies to credits from now on; a
        retired quest leaves the members' pages and keeps its history.
      </p>
      <FormMessage error={error} />
      {quests ? (
        <DataTable label="Quests" head={["Quest", "Kind", "Page", "Tokens", "XP", "Period", "Status"]}>
          {quests.map((quest) => (
            <tr key={keyOf(quest)}>
              <Cell>{quest.title}</Cell>
              <Cell>{quest.kind}</Cell>
              <Cell mono>{quest.page ?? ""}</Cell>
              <Cell>{quest.tokens}</Cell>
              <Cell>{quest.xp}</Cell>
              <Cell>{quest.period}</Cell>
              <Cell>{quest.status}</Cell>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {operator.role === "admin" ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          {chosen ? (
            <CardSection title="Change a quest">
              <div className="mt-3 space-y-6">
                <Choice
                  label="Quest"
                  name="quest"
                  value={keyOf(chosen)}
                  onChange={choose}
                  options={changeable.map((quest) => ({ value: keyOf(quest), label: `${quest.title} (${quest.kind}, ${quest.status})` }))}
                />
                <ActionForm key={`edit-${keyOf(chosen)}`} path={pathOf("edit")} submitLabel="Save the amounts" onDone={done}>
                  <TextField label="Title" name="title" defaultValue={chosen.title} required />
                  <TextField label="Tokens (0 for XP only)" name="tokens" inputMode="numeric" defaultValue={chosen.tokens} required />
                  <TextField label="XP" name="xp" inputMode="numeric" defaultValue={String(chosen.xp)} required />
                  <TextField label="Reason" name="reason" required />
                </ActionForm>
                <ActionForm key={`status-${keyOf(chosen)}`} path={pathOf("status")} submitLabel="Set the status" onDone={done}>
                  <Choice
                    label="Status"
                    name="status"
                    options={[
                      { value: "paused", label: "Paused: cannot be started or credited" },
                      { value: "active", label: "Active" },
                      { value: "retired", label: "Retired: gone from the members' pages, for good" },
                    ]}
                  />
                  <TextField label="Reason for the status" name="reason" required />
                </ActionForm>
              </div>
            </CardSection>
          ) : null}
          <CardSection title="Define a page quest">
            <div className="mt-3">
              <ActionForm path="/api/admin/quests" submitLabel="Define the quest" onDone={done}>
                <Choice
                  label="Kind"
                  name="kind"
                  options={[
                    { value: "visit", label: "Visit: opening the page" },
                    { value: "read", label: "Read: reaching the page's end" },
                  ]}
                />
                <TextField label="Id (lowercase letters, digits, hyphens)" name="id" required />
                <TextField label="Title" name="title" required />
                <TextField label="Page (a path on this site)" name="page" placeholder="/glossary" required />
                <TextField label="XP" name="xp" inputMode="numeric" required />
                <Choice label="Period" name="period" options={PAGE_QUEST_PERIODS.map((period) => ({ value: period, label: period }))} />
                <TextField label="Reason" name="reason" required />
              </ActionForm>
            </div>
          </CardSection>
        </div>
      ) : null}
    </>
  );
}
