import { useSearchParams } from "react-router";
import type { z } from "zod";
import { CONTACT_MESSAGE_STATES, messageStateBody, type messagesQuery, type messagesReply, replyBody } from "../../../common/api/admin.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SelectField, TextArea } from "../../components/ui/labelled-field.tsx";
import { SectionHeading, TitledSection } from "../../components/ui/titled-section.tsx";
import { useConsole } from "../../features/console/console-context.ts";
import { ConsoleForm } from "../../features/console/console-form.tsx";
import { FilterSelect } from "../../features/console/filter-select.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";

type Message = z.infer<typeof messagesReply>["messages"][number];

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

function MessageCard({ message, onChanged }: { message: Message; onChanged: () => void }) {
  const { call } = useConsole();
  return (
    <li>
      <TitledSection as="article" className="card">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <SectionHeading className="text-lg font-bold">{message.subject}</SectionHeading>
          <span className="rounded-md border border-sand-200 px-2 py-0.5 text-sm font-semibold" data-testid="message-state">
            {message.state}
          </span>
        </div>
        <p className="text-sm text-ink-800">
          {message.name}
          {message.email ? ` <${message.email}>` : ""} · {when(message.at)}
        </p>
        {message.guide ? (
          <p className="mt-1 text-sm">
            Guide report:{" "}
            <a
              href={`${message.guide.path}${message.guide.step ? `#step-${message.guide.step}` : ""}`}
              className="text-brand-700 underline"
            >
              {message.guide.path}
              {message.guide.step ? `, step ${message.guide.step}` : ""}
            </a>
          </p>
        ) : null}
        <p className="mt-2 whitespace-pre-wrap break-words">{message.message}</p>
        {message.replies.length > 0 ? (
          <ol aria-label="Replies sent" className="mt-3 space-y-2 border-l-4 border-sand-200 pl-3">
            {message.replies.map((reply) => (
              <li key={reply.at}>
                <p className="text-sm text-ink-800">Replied {when(reply.at)}</p>
                <p className="whitespace-pre-wrap break-words">{reply.body}</p>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="mt-4 grid gap-6 md:grid-cols-2">
          {message.email ? (
            <ConsoleForm
              schema={replyBody}
              empty={{ reply: "" }}
              send={(body) => call("POST /api/admin/messages/:id/reply", { params: { id: message.id }, body })}
              submitLabel="Send the reply by email"
              onDone={onChanged}
            >
              {(field) => <TextArea label="Reply" required rows={5} {...field("reply")} />}
            </ConsoleForm>
          ) : (
            <p>The reader left no address, so this report cannot be answered.</p>
          )}
          <ConsoleForm
            key={message.state}
            schema={messageStateBody}
            empty={{ state: message.state === "closed" ? "new" : "closed", reason: "handled" }}
            send={(body) => call("POST /api/admin/messages/:id/state", { params: { id: message.id }, body })}
            submitLabel="Change the state"
            onDone={onChanged}
            reason="Reason"
          >
            {(field) => (
              <>
                <SelectField label="State" options={CONTACT_MESSAGE_STATES} {...field("state")} />
              </>
            )}
          </ConsoleForm>
        </div>
      </TitledSection>
    </li>
  );
}

/** The contact inbox, newest first, filtered by state; replies go out by email. */
export default function ConsoleMessages() {
  const [params, setParams] = useSearchParams();
  // The filters as the address holds them: the server checks them.
  const query = Object.fromEntries(params) as z.input<typeof messagesQuery>;
  const { data, error, reload } = useConsoleQuery("GET /api/admin/messages", { query });
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return (
    <>
      <h1 className="text-3xl font-bold">Messages</h1>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <FilterSelect
          id="message-state-filter"
          label="State"
          value={params.get("state") ?? ""}
          onChange={(value) => choose("state", value)}
        >
          <option value="">Any state</option>
          {CONTACT_MESSAGE_STATES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id="message-kind-filter" label="Kind" value={params.get("kind") ?? ""} onChange={(value) => choose("kind", value)}>
          <option value="">Messages and guide reports</option>
          <option value="message">Messages</option>
          <option value="guide-report">Guide reports</option>
        </FilterSelect>
      </div>
      <FormMessage error={error} />
      {data ? (
        data.messages.length === 0 ? (
          <p role="status" className="mt-6">
            No message here.
          </p>
        ) : (
          <ul className="mt-6 space-y-4">
            {data.messages.map((message) => (
              <MessageCard key={message.id} message={message} onChanged={() => void reload()} />
            ))}
          </ul>
        )
      ) : null}
    </>
  );
}
