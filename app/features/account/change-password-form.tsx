import type { FormEvent } from "react";
import { changePasswordFields, WRONG_PASSWORD } from "../../../common/api/account-settings.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { accountApi } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";

const EMPTY = { current_password: "", password: "", password2: "" };

export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const { fields, set, clear, keepTyped } = useFormFields(EMPTY);
  const form = useApiForm("account");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await form.submit(changePasswordFields, fields, accountApi.changePassword, { [WRONG_PASSWORD]: "current_password" })) {
      clear();
      onChanged();
    }
  };
  return (
    <CardSection title="Change your password">
      <form ref={keepTyped} method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage error={form.error} errorId={form.errorId} success={form.success} />
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          invalid={form.invalid === "current_password"}
          errorId={form.errorId}
          value={fields.current_password}
          onChange={set("current_password")}
        />
        <NewPasswordFields label="New password" values={fields} set={set} invalid={form.invalid} errorId={form.errorId} />
        <SubmitButton className="btn-primary" disabled={form.submitting}>
          {form.submitting ? "Saving…" : "Change password"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
