import { changePasswordFields, WRONG_PASSWORD } from "../../../common/api/account-settings.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

const EMPTY = { current_password: "", password: "", password2: "" };

export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const form = useApiForm(changePasswordFields, EMPTY, { csrf: "account", refusals: { [WRONG_PASSWORD]: "current_password" } });
  const submit = form.onSubmit(
    (data, csrfToken) => call("POST /api/change-password", { body: { ...data, csrfToken } }),
    () => {
      form.clear();
      onChanged();
    },
  );
  return (
    <CardSection title="Change your password">
      <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage {...form.message} />
        <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field("current_password")} />
        <NewPasswordFields label="New password" field={form.field} />
        <SubmitButton className="btn-primary" disabled={form.submitting}>
          {form.submitting ? "Saving…" : "Change password"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
