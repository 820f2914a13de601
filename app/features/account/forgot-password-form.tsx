import { href } from "react-router";
import { forgotPasswordFields } from "../../../common/api/account-settings.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

export function ForgotPasswordForm() {
  const form = useApiForm(forgotPasswordFields, { username: "" }, { csrf: "forgot-password" });
  const submit = form.onSubmit((data, csrfToken) => call("POST /api/forgot-password", { body: { ...data, csrfToken } }));
  return (
    <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage {...form.message} />
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" required {...form.field("username")} />
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
