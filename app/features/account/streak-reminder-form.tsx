import { useEffect, useId, useRef, useState } from "react";
import { streakReminderFields } from "../../../common/api/reminders.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { site } from "../../site.ts";

/** Opting in to the streak reminder email; off until the member turns it on. */
export function StreakReminderForm() {
  const touched = useRef(false);
  const [emailVerified, setEmailVerified] = useState(true);
  const form = useApiForm(streakReminderFields, { enabled: false as boolean }, { csrf: "account" });
  const enabled = form.field("enabled");
  const { setValues } = form;
  const hintId = useId();
  useEffect(() => {
    void call("GET /api/streak-reminder").then((result) => {
      if (!result.ok || !result.body) return;
      const saved = result.body;
      // What the member already ticked wins over a late answer.
      if (!touched.current) setValues({ enabled: saved.enabled });
      setEmailVerified(saved.email_verified);
    });
  }, [setValues]);
  const submit = form.onSubmit((data, csrfToken) => call("PUT /api/streak-reminder", { body: { ...data, csrfToken } }));
  return (
    <CardSection title="Streak reminders">
      <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage {...form.message} />
        <label className="flex items-start gap-3 text-base">
          <input
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            {...enabled}
            aria-describedby={hintId}
            onChange={(event) => {
              touched.current = true;
              enabled.onChange(event);
            }}
          />
          <span>Email me when my streak is at risk</span>
        </label>
        <p id={hintId} className="text-base text-ink-800">
          On a day you have not claimed yet, once your claim is ready and {site.rewards.streakReminderHours} hours or less are left before
          the streak resets at 00:00 UTC. At most one email a day, and each one has a link that stops them at once.
          {emailVerified ? "" : " We send reminders only to a confirmed address: confirm yours first."}
        </p>
        <SubmitButton className="btn-primary" disabled={form.submitting}>
          {form.submitting ? "Saving…" : "Save reminder setting"}
        </SubmitButton>
      </form>
    </CardSection>
  );
}
