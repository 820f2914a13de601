import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { streakReminderFields } from "../../../common/api/reminders.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { accountApi } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { site } from "../../site.ts";

/** Opting in to the streak reminder email; off until the member turns it on. */
export function StreakReminderForm() {
  const [enabled, setEnabled] = useState(false);
  const touched = useRef(false);
  const [emailVerified, setEmailVerified] = useState(true);
  const form = useApiForm("account");
  const hintId = useId();
  useEffect(() => {
    void accountApi.streakReminder().then((result) => {
      if (!result.ok || !result.body) return;
      const saved = result.body;
      // What the member already ticked wins over a late answer.
      if (!touched.current) setEnabled(saved.enabled);
      setEmailVerified(saved.email_verified);
    });
  }, []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await form.submit(streakReminderFields, { enabled }, accountApi.setStreakReminder);
  };
  return (
    <CardSection title="Streak reminders">
      <form method="post" noValidate onSubmit={submit} className="mt-4 space-y-4">
        <FormMessage error={form.error} errorId={form.errorId} success={form.success} />
        <label className="flex items-start gap-3 text-base">
          <input
            type="checkbox"
            name="enabled"
            className="mt-1 size-5 shrink-0 accent-brand-600"
            aria-describedby={hintId}
            checked={enabled}
            onChange={(event) => {
              touched.current = true;
              setEnabled(event.target.checked);
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
