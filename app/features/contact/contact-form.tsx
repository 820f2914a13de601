import type { FormEvent } from "react";
import { contactMessage } from "../../../common/api/contact.ts";
import { TextArea } from "../../components/ui/labelled-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { submitContactForm } from "../../lib/api/contact.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { site } from "../../site.ts";

export const CONTACT_SUCCESS = "Success! Your message has been submitted successfully. We’ll get back to you shortly.";

/** Name, email and message, with a hidden subject and access key, sent as multipart form data. */
export function ContactForm() {
  // The endpoint may be an external provider's, which knows nothing of our CSRF tokens.
  const form = useApiForm(contactMessage, { name: "", email: "", message: "" }, { csrf: null });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    if (await form.submit(() => submitContactForm(fields))) form.clear();
  };

  return (
    <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <input type="hidden" name="subject" value={site.contact.subject} />
      <input type="hidden" name="access_key" value={site.contact.accessKey} />
      <TextField label="Name" autoComplete="name" required maxLength={100} {...form.field("name")} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" required {...form.field("email")} />
      <TextArea label="Message" required rows={6} maxLength={5000} className="min-h-36" {...form.field("message")} />
      {/* Hidden from people and assistive technology; bots tick it. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Leave this empty
          <input type="checkbox" name="botcheck" tabIndex={-1} value="1" />
        </label>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton className="btn-primary" disabled={form.submitting || form.success !== null}>
          {form.success === null ? "Send message" : "Message sent"}
        </SubmitButton>
        <p role="status" className="text-base font-medium text-ink-800">
          {form.submitting ? "Sending...." : null}
        </p>
      </div>
      {/* One place for the outcome, under the button that caused it, whether it failed or went through. */}
      {form.error ? (
        <p
          id={form.message.errorId}
          role="alert"
          className="rounded-lg border border-danger-700/30 bg-danger-50 px-4 py-3 text-base font-medium text-danger-700"
        >
          Error! {form.error}
        </p>
      ) : null}
      {form.success === null ? null : (
        <p role="alert" className="rounded-lg border border-success-700/30 bg-success-50 px-4 py-3 text-base font-medium text-success-700">
          {CONTACT_SUCCESS}
        </p>
      )}
    </form>
  );
}
