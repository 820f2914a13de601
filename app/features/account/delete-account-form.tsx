import { useState } from "react";
import { href } from "react-router";
import { deleteAccountFields, WRONG_PASSWORD } from "../../../common/api/account-settings.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { learnAuthStatus } from "../auth/auth-status.ts";

export function DeleteAccountForm() {
  const [sure, setSure] = useState(false);
  const form = useApiForm(deleteAccountFields, { password: "" }, { csrf: "account", refusals: { [WRONG_PASSWORD]: "password" } });
  const submit = form.onSubmit(
    (data, csrfToken) => call("POST /api/delete-account", { body: { ...data, csrfToken } }),
    () => {
      learnAuthStatus("anonymous");
      // A document load, not a client route: the home page is an article, whose own script says the account is gone.
      window.location.assign(`${href("/")}?account=deleted`);
    },
  );
  return (
    <CardSection title="Delete my account">
      <p className="mt-2 text-base text-ink-800">
        This erases your name, email, password and wallet address and signs you out everywhere. Your reward history stays in our books under
        an anonymous number, as the privacy policy explains. Tokens you have not transferred are lost.
      </p>
      <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage error={form.error} errorId={form.message.errorId} />
        <TextField label="Your password" type="password" autoComplete="current-password" required {...form.field("password")} />
        <label className="flex items-start gap-3 text-base">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            checked={sure}
            onChange={(event) => setSure(event.target.checked)}
          />
          <span>I understand that this cannot be undone.</span>
        </label>
        <SubmitButton className="btn-danger" disabled={!sure || form.submitting}>
          {form.submitting ? "Deleting…" : "Delete my account"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
