import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { type FieldProps, useApiForm } from "../../lib/use-api-form.ts";
import { CodeField } from "./code-field.tsx";
import type { ConsoleReply } from "./console-context.ts";

/**
 * One operator action: its fields (`children` lays them out, each from
 * `field(name)`; `reason` and `code` add the reason, with its label, and the
 * authenticator's code that most actions ask for last), checked with the endpoint's schema before anything is sent,
 * then `send` with the checked values, and the answer under the button.
 * `said` turns a successful reply into the sentence shown; the form empties
 * after success so a code is never sent twice.
 */
export function ConsoleForm<Shape extends z.ZodRawShape, Fields extends Record<string, string>, Reply extends object>({
  schema,
  empty,
  send,
  submitLabel,
  children = () => null,
  reason,
  code = false,
  said = (reply) => (reply as { suc_msg?: string }).suc_msg ?? "Done.",
  onDone,
  confirm,
  className = "",
}: {
  schema: z.ZodObject<Shape>;
  empty: Fields;
  send: (values: z.output<z.ZodObject<Shape>>) => Promise<ConsoleReply<Reply>>;
  submitLabel: string;
  children?: (field: (name: keyof Fields & string) => FieldProps) => ReactNode;
  reason?: string;
  code?: boolean;
  said?: (reply: Reply) => string;
  onDone?: (reply: Reply) => void;
  /** A question the browser asks before sending, for what cannot be undone. */
  confirm?: (values: Fields) => string | Promise<string>;
  /** Where the form sits in its card: a margin, a width. */
  className?: string;
}) {
  const form = useApiForm(schema, empty, { csrf: null });
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm && !window.confirm(await confirm(form.values))) return;
    const reply = await form.submit((values) => send(values), { said });
    if (!reply) return;
    form.clear();
    onDone?.(reply);
  };
  return (
    <form onSubmit={submit} noValidate className={`space-y-4 ${className}`}>
      {children(form.field)}
      {reason ? <TextField label={reason} required {...form.field("reason")} /> : null}
      {code ? <CodeField {...form.field("code")} /> : null}
      <button type="submit" className="btn-primary" disabled={form.submitting}>
        {form.submitting ? "Working…" : submitLabel}
      </button>
      <FormMessage {...form.message} />
    </form>
  );
}
