import { useEffect } from "react";
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, DISPLAY_NAME_TAKEN, displayNameFields } from "../../../common/api/leaderboard.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";

/** Opting in to the leaderboard: a name of the member's choosing, never their email or wallet; empty takes them off. */
export function DisplayNameForm() {
  const form = useApiForm(displayNameFields, { display_name: "" }, { csrf: "account", refusals: { [DISPLAY_NAME_TAKEN]: "display_name" } });
  const { setValues } = form;
  useEffect(() => {
    // What the member already typed wins over a late answer.
    void call("GET /api/display-name").then((result) => {
      const saved = result.ok ? result.body?.display_name : null;
      if (saved) setValues((typed) => ({ display_name: typed.display_name || saved }));
    });
  }, [setValues]);
  const submit = form.onSubmit((data, csrfToken) => call("PUT /api/display-name", { body: { ...data, csrfToken } }));
  return (
    <CardSection title="Leaderboard">
      <p className="mt-2 text-ink-800">
        Choose a name to appear on the{" "}
        <a href="/leaderboard" className="link">
          leaderboard
        </a>
        . Nobody appears until they choose one, and your email and wallet are never shown. Leave it empty to take your name off.
      </p>
      <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage {...form.message} />
        <TextField
          label="Display name"
          autoComplete="nickname"
          hint={`${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} letters, digits, spaces, dots, dashes or underscores.`}
          maxLength={DISPLAY_NAME_MAX}
          {...form.field("display_name")}
        />
        <SubmitButton className="btn-primary" disabled={form.submitting}>
          {form.submitting ? "Saving…" : "Save name"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
