import { href } from "react-router";
import { resetPasswordFields } from "../../../common/api/account-settings.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { LogInNext } from "../auth/log-in-next.tsx";
import { useLinkToken } from "./use-link-token.ts";

const EMPTY = { password: "", password2: "" };

export function ResetPasswordForm() {
  const link = useLinkToken();
  const form = useApiForm(resetPasswordFields, EMPTY, { csrf: "reset-password" });
  const submit = form.onSubmit(
    (data, csrfToken) => call("POST /api/reset-password", { body: { ...data, token: link.token ?? "", csrfToken } }),
    form.clear,
  );
  if (link.ready && !link.token)
    return (
      <p role="alert" className="text-base text-danger-700">
        This link is not complete. Open it again from the email, or{" "}
        <a href={href("/forgot-password")} className="link">
          ask for a new one
        </a>
        .
      </p>
    );
  if (form.success) return <LogInNext success={form.success} />;
  return (
    <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage {...form.message} />
      <NewPasswordFields label="New password" field={form.field} />
      <SubmitButton className="btn-primary w-full" disabled={!link.ready || form.submitting}>
        {form.submitting ? "Saving…" : "Set my new password"}
      </SubmitButton>
    </form>
  );
}
