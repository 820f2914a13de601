import type { FormEvent } from "react";
import { href } from "react-router";
import { forgotPasswordFields } from "../../../common/api/account.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { accountApi } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";

export function ForgotPasswordForm() {
  const { fields, set, keepTyped } = useFormFields({ username: "" });
  const form = useApiForm("forgot-password");
  const hydrated = useHydrated();
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
      <button type="submit" className="btn-primary w-full" disabled={!hydrated || form.submitting}>
        {form.submitting ? "Sending…" : "Send me a reset link"}
      </button>
      <p className="text-base">
        <a href={href("/login")} className="link">
          Back to login
        </a>
      </p>
    </form>
  );
}
