import { type AccountEmailView, changeEmailFields, EMAIL_TAKEN_ELSEWHERE, WRONG_PASSWORD } from "../../../common/api/account-settings.ts";
import { DISPOSABLE_EMAIL } from "../../../common/api/auth.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { CurrentEmail } from "./current-email.tsx";

const EMPTY = { new_email: "", password: "" };

const CHANGE_EMAIL_REFUSALS = {
  [EMAIL_TAKEN_ELSEWHERE]: "new_email",
  [DISPOSABLE_EMAIL]: "new_email",
  [WRONG_PASSWORD]: "password",
} as const;

export function ChangeEmailForm({ current }: { current: AccountEmailView | null }) {
  const form = useApiForm(changeEmailFields, EMPTY, { csrf: "account", refusals: CHANGE_EMAIL_REFUSALS });
  const submit = form.onSubmit((data, csrfToken) => call("POST /api/change-email", { body: { ...data, csrfToken } }), form.clear);
  return (
    <CardSection title="Your email address">
      <CurrentEmail current={current} />
      <h3 className="mt-5 text-lg font-bold">Change it</h3>
      <p className="mt-1 text-base text-ink-800">
        We send a link to the new address; your account keeps its current one until you open it.
      </p>
      <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage {...form.message} />
        <TextField label="New email address" type="email" inputMode="email" autoComplete="email" required {...form.field("new_email")} />
        <TextField label="Your password" type="password" autoComplete="current-password" required {...form.field("password")} />
        <SubmitButton className="btn-primary" disabled={form.submitting}>
          {form.submitting ? "Sending…" : "Send the confirmation link"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
