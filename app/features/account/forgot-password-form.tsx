import type { FormEvent } from "react";
import { href } from "react-router";
import { forgotPasswordFields } from "../../../common/api/account-settings.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { accountApi } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";

export function ForgotPasswordForm() {
  const { fields, set, keepTyped } = useFormFields({ username: "" });
  const form = useApiForm("forgot-password");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(forgotPasswordFields, fields, accountApi.forgotPassword);
  };
  return (
    <form ref={keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage error={form.error} errorId={form.errorId} success={form.success} />
      <TextField
        label="Email"
        name="username"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        invalid={form.invalid === "username"}
        errorId={form.errorId}
        value={fields.username}
        onChange={set("username")}
      />
      <SubmitButton className="btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? "Sending…" : "Send me a reset link"}
      </SubmitButton>
      <p className="text-base">
        <a href={href("/login")} className="link">
          Back to login
        </a>
      </p>
    </form>
  );
}
