import { defineQuestBody, editQuestBody, PAGE_QUEST_PERIODS, questStatusBody } from "../../../common/api/admin-quests.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SelectField } from "../../components/ui/labelled-field.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { Cell, DataTable } from "../../features/console/data-table.tsx";
import { useQuestSettings } from "../../features/console/use-quest-settings.ts";

/** Which quests exist and what they pay; admins define page quests, edit amounts, pause, resume and retire. */
export default function ConsoleQuests() {
  const { operator, call } = useConsole();
  const { quests, error, reload, changeable, chosen, choose, keyOf } = useQuestSettings();
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
                <SelectField label="Quest" value={keyOf(chosen)} onChange={(event) => choose(event.target.value)}>
                  {changeable.map((quest) => (
                    <option key={keyOf(quest)} value={keyOf(quest)}>
                      {`${quest.title} (${quest.kind}, ${quest.status})`}
                    </option>
                  ))}
                </SelectField>
                {/* Keyed by the quest, not its values: a save keeps the form, its answer shown and its fields as saved. */}
                <ConsoleForm
                  key={`edit-${keyOf(chosen)}`}
                  schema={editQuestBody}
                  empty={{ title: chosen.title, tokens: chosen.tokens, xp: String(chosen.xp), reason: "" }}
                  send={(body) => call("POST /api/admin/quests/:kind/:id/edit", { params: { kind: chosen.kind, id: chosen.id }, body })}
                  submitLabel="Save the amounts"
                  onDone={done}
                  reason="Reason"
                >
                  {(field) => (
                    <>
                      <TextField label="Title" required {...field("title")} />
                      <TextField label="Tokens (0 for XP only)" inputMode="numeric" required {...field("tokens")} />
                      <TextField label="XP" inputMode="numeric" required {...field("xp")} />
                    </>
                  )}
                </ConsoleForm>
                <ConsoleForm
                  key={`status-${keyOf(chosen)}`}
                  schema={questStatusBody}
                  empty={{ status: "paused", reason: "" }}
                  send={(body) => call("POST /api/admin/quests/:kind/:id/status", { params: { kind: chosen.kind, id: chosen.id }, body })}
                  submitLabel="Set the status"
                  onDone={done}
                  reason="Reason for the status"
                >
                  {(field) => (
                    <>
                      <SelectField label="Status" {...field("status")}>
                        <option value="paused">Paused: cannot be started or credited</option>
                        <option value="active">Active</option>
                        <option value="retired">Retired: gone from the members' pages, for good</option>
                      </SelectField>
                    </>
                  )}
                </ConsoleForm>
              </div>
            </CardSection>
          ) : null}
          <CardSection title="Define a page quest">
            <ConsoleForm
              className="mt-3"
              schema={defineQuestBody}
              empty={{ kind: "visit", id: "", title: "", page: "", xp: "", period: PAGE_QUEST_PERIODS[0], reason: "" }}
              send={(body) => call("POST /api/admin/quests", { body })}
              submitLabel="Define the quest"
              onDone={done}
              reason="Reason"
            >
              {(field) => (
                <>
                  <SelectField label="Kind" {...field("kind")}>
                    <option value="visit">Visit: opening the page</option>
                    <option value="read">Read: reaching the page's end</option>
                  </SelectField>
                  <TextField label="Id (lowercase letters, digits, hyphens)" required {...field("id")} />
                  <TextField label="Title" required {...field("title")} />
                  <TextField label="Page (a path on this site)" placeholder="/glossary" required {...field("page")} />
                  <TextField label="XP" inputMode="numeric" required {...field("xp")} />
                  <SelectField label="Period" options={PAGE_QUEST_PERIODS} {...field("period")} />
                </>
              )}
            </ConsoleForm>
          </CardSection>
        </div>
      ) : null}
    </>
  );
}
