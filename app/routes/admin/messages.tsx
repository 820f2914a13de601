import type { z } from "zod";
import type { messagesReply } from "../../../common/api/admin.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { useConsoleQuery } from "../../features/console/use-console-query.ts";

/** The contact inbox, newest first. */
export default function ConsoleMessages() {
  const { data, error } = useConsoleQuery<z.infer<typeof messagesReply>>("/api/admin/messages");
  return (
    <>
      <h1 className="text-3xl font-bold">Messages</h1>
      <FormMessage error={error} />
      {data ? (
        data.messages.length === 0 ? (
          <p role="status" className="mt-6">
            The inbox is empty.
          </p>
        ) : (
          <ul className="mt-6 space-y-4">
            {data.messages.map((message) => (
              <li key={message.id} className="card">
                <h2 className="text-lg font-bold">{message.subject}</h2>
                <p className="text-sm text-ink-800">
                  {message.name} &lt;
                  <a
                    className="text-brand-700 underline"
                    href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                  >
                    {message.email}
                  </a>
                  &gt; · {message.at.slice(0, 16).replace("T", " ")}
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words">{message.message}</p>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </>
  );
}
