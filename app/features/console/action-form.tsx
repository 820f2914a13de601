import { type FormEvent, type ReactNode, useState } from "react";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { UNREACHABLE } from "../../lib/use-api-form.ts";
import { useConsole } from "./console-context.ts";

type Fields = Record<string, string>;

/**
 * One operator action: its fields, a POST to `path`, and the answer under the
 * button. `successText` turns a successful reply into the sentence shown; the
 * form empties after success so a code is never sent twice.
 */
export function ActionForm<Reply>({
  path,
  submitLabel,
  children,
  toBody = (fields) => fields,
  successText,
  onDone,
  confirm,
}: {
  /** Where to send; a function when the address names what a field chose (a batch, a transfer). */
  path: string | ((fields: Fields) => string);
  submitLabel: string;
  children: ReactNode;
  toBody?: (fields: Fields) => Record<string, unknown>;
  successText?: (reply: Reply) => string;
  onDone?: (reply: Reply) => void;
  /** A question the browser asks before sending, for what cannot be undone. */
  confirm?: (fields: Fields) => string | Promise<string>;
}) {
  const { post } = useConsole();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: string | null; success: string | null }>({ error: null, success: null });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = Object.fromEntries([...new FormData(form).entries()].map(([key, value]) => [key, String(value)]));
    if (confirm && !window.confirm(await confirm(fields))) return;
    setBusy(true);
    const result = await post<Reply & { suc_msg?: string }>(typeof path === "string" ? path : path(fields), toBody(fields));
    setBusy(false);
    if (result.ok && result.body) {
      form.reset();
      setMessage({ error: null, success: successText ? successText(result.body) : (result.body.suc_msg ?? "Done.") });
      onDone?.(result.body);
    } else setMessage({ error: result.body?.err_msg ?? UNREACHABLE, success: null });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {children}
      <button type="submit" className="btn-primary" disabled={busy}>
        {busy ? "Working…" : submitLabel}
      </button>
      <FormMessage error={message.error} success={message.success} />
    </form>
  );
}
