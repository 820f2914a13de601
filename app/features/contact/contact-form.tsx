import { type FormEvent, useState } from "react";
import { contactMessage } from "../../../common/api/contact.ts";
import { checkFields } from "../../../common/api/fields.ts";
import { TextField } from "../../components/ui/text-field.tsx";
import { submitContactForm } from "../../lib/api-client.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { site } from "../../site.ts";

export const CONTACT_SUCCESS = "Success! Your message has been submitted successfully. We’ll get back to you shortly.";

type State = { phase: "idle" } | { phase: "sending" } | { phase: "sent" } | { phase: "failed"; message: string };

/** Name, email and message, with a hidden subject and access key, sent as multipart form data. */
export function ContactForm() {
  const [state, setState] = useState<State>({ phase: "idle" });
  const [invalid, setInvalid] = useState<string | null>(null);
  const hydrated = useHydrated();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const checked = checkFields(contactMessage, Object.fromEntries(form));
    if (!checked.ok) {
      setInvalid(checked.field);
      setState({ phase: "failed", message: checked.message });
      return;
    }
    setInvalid(null);
    setState({ phase: "sending" });
    const result = await submitContactForm(form);
    if (result.body?.success === true) {
      formElement.reset();
      setState({ phase: "sent" });
    } else {
      setState({ phase: "failed", message: result.body?.message ?? "We could not reach the server. Check your connection and try again." });
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <input type="hidden" name="subject" value={site.contact.subject} />
      <input type="hidden" name="access_key" value={site.contact.accessKey} />
      <TextField label="Name" name="name" autoComplete="name" required maxLength={100} invalid={invalid === "name"} />
      <TextField label="Email" name="email" type="email" inputMode="email" autoComplete="email" required invalid={invalid === "email"} />
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={5000}
          aria-invalid={invalid === "message" || undefined}
          className="field-input min-h-36"
        />
      </div>
      {/* Hidden from people and assistive technology; bots tick it. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Leave this empty
          <input type="checkbox" name="botcheck" tabIndex={-1} value="1" />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={!hydrated || state.phase === "sending" || state.phase === "sent"}>
          {state.phase === "sent" ? "Message sent" : "Send message"}
        </button>
        <p role="status" className="text-base font-medium text-ink-800">
          {state.phase === "sending" ? "Sending...." : null}
        </p>
      </div>
      {/* One place for the outcome, under the button that caused it, whether it failed or went through. */}
      {state.phase === "failed" ? (
        <p role="alert" className="rounded-lg border border-danger-700/30 bg-red-50 px-4 py-3 text-base font-medium text-danger-700">
          Error! {state.message}
        </p>
      ) : null}
      {state.phase === "sent" ? (
        <p role="alert" className="rounded-lg border border-success-700/30 bg-green-50 px-4 py-3 text-base font-medium text-success-700">
          {CONTACT_SUCCESS}
        </p>
      ) : null}
    </form>
  );
}
