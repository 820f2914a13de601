import { type FormEvent, useEffect } from "react";
import { href } from "react-router";
import { DISPOSABLE_EMAIL, EMAIL_TAKEN, registerForm, UNKNOWN_REFERRAL_CODE } from "../../../common/api/auth.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { NewPasswordFields } from "../../components/ui/new-password-fields.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { register } from "../../lib/api/auth.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { LogInNext } from "./log-in-next.tsx";
import { useSignupCheck } from "./use-signup-check.tsx";

const REGISTER_REFUSALS = { [EMAIL_TAKEN]: "username", [DISPOSABLE_EMAIL]: "username", [UNKNOWN_REFERRAL_CODE]: "referral_code" } as const;
export function RegisterForm({ referralCode }: { referralCode: string }) {
  const form = useApiForm(
    registerForm,
    { first_name: "", last_name: "", username: "", password: "", password2: "", referral_code: "", website: "", terms: false },
    { csrf: "register", refusals: REGISTER_REFUSALS },
  );
  const { setValues } = form;
  const signupCheck = useSignupCheck();

  // Filled after hydration: the prerendered HTML cannot know the ?ref of the visit.
  useEffect(() => {
    if (referralCode) setValues((current) => ({ ...current, referral_code: referralCode }));
  }, [referralCode, setValues]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // registerForm holds the spec's order: the terms box first, then the email; then the other required fields.
    const sent = await form.submit(async ({ terms: _, ...payload }, csrfToken) => {
      const result = await register({ ...payload, website: form.values.website, csrfToken, altcha: await signupCheck.payload() });
      // An expired form (403) is refused before the solution is looked at, so its retry may send it again; any other refusal used it up.
      if (!result.ok && result.status !== 403) signupCheck.reset();
      return result;
    });
    if (sent) form.clear();
  };

  if (form.success) return <LogInNext success={form.success} />;

  return (
    <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage {...form.message} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="First name" autoComplete="given-name" required {...form.field("first_name")} />
        <TextField label="Last name" autoComplete="family-name" required {...form.field("last_name")} />
      </div>
      <TextField label="Email" type="email" inputMode="email" autoComplete="email" required {...form.field("username")} />
      <NewPasswordFields label="Password" field={form.field} />
      <TextField
        label="Referral code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="If a friend invited you, their code goes here."
        {...form.field("referral_code")}
      />
      {/* Hidden from people and assistive technology; bots fill it in. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Website
          <input type="text" tabIndex={-1} autoComplete="off" {...form.field("website")} />
        </label>
      </div>
      <label className="flex items-start gap-3 text-base">
        <input type="checkbox" className="mt-1 size-5 shrink-0 accent-brand-600" {...form.field("terms")} />
        <span>
          I agree to the{" "}
          <a href={href("/terms-and-conditions")} target="_blank" rel="noopener" className="link">
            Terms &amp; Conditions<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          and the{" "}
          <a href={href("/privacy-policy")} target="_blank" rel="noopener" className="link">
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </span>
      </label>
      {signupCheck.element}
      <p aria-live="polite" className="text-sm text-ink-700">
        {signupCheck.statusText}
      </p>
      <SubmitButton className="btn-primary w-full" disabled={form.submitting}>
        {signupCheck.waiting ? "Checking your browser…" : form.submitting ? "Processing ..." : "Register"}
      </SubmitButton>
    </form>
  );
}
