import { type FormEvent, useEffect, useState } from "react";
import { PASSWORD_MIN_LENGTH } from "../../../common/account-rules.ts";
import { registerForm } from "../../../common/api/accounts.ts";
import { checkFields } from "../../../common/api/fields.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { register } from "../../lib/api-client.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useSignupCheck } from "./use-signup-check.tsx";

const EMPTY = { first_name: "", last_name: "", username: "", password: "", password2: "", referral_code: "", website: "", terms: false };

export function RegisterForm({ referralCode }: { referralCode: string }) {
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const csrf = useCsrfToken("register");
  const hydrated = useHydrated();
  const signupCheck = useSignupCheck();

  // Filled after hydration: the prerendered HTML cannot know the ?ref of the visit.
  useEffect(() => {
    if (referralCode) setFields((current) => ({ ...current, referral_code: referralCode }));
  }, [referralCode]);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields({ ...fields, [field]: event.target.value });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSuccess(null);
    // The spec's order: the terms box first, then the email; then the other required fields.
    const checked = checkFields(registerForm, fields);
    if (!checked.ok) {
      setError(checked.message);
      setInvalid(checked.field);
      return;
    }
    setSubmitting(true);
    setError(null);
    setInvalid(null);
    const csrfToken = (await csrf.ensure()) ?? "";
    const { terms: _, ...payload } = checked.data;
    const result = await register({ ...payload, website: fields.website, csrfToken, altcha: await signupCheck.payload() });
    setSubmitting(false);
    if (result.body?.suc_msg && !result.body.err_msg) {
      setFields({ ...EMPTY });
      setSuccess(result.body.suc_msg);
      return;
    }
    signupCheck.reset();
    if (result.status === 403) void csrf.refresh();
    setError(result.body?.err_msg ?? "We could not reach the server. Check your connection and try again.");
  };

  // Done: the server's message in green, and the way on; an empty form under it would invite a second account.
  if (success)
    return (
      <div className="space-y-5">
        <FormMessage success={success} />
        <a href="/login" className="btn-primary w-full">
          Log in
        </a>
      </div>
    );

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage error={error} success={success} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="First name"
          name="first_name"
          autoComplete="given-name"
          required
          invalid={invalid === "first_name"}
          value={fields.first_name}
          onChange={set("first_name")}
        />
        <TextField
          label="Last name"
          name="last_name"
          autoComplete="family-name"
          required
          invalid={invalid === "last_name"}
          value={fields.last_name}
          onChange={set("last_name")}
        />
      </div>
      <TextField
        label="Email"
        name="username"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        invalid={invalid === "username"}
        value={fields.username}
        onChange={set("username")}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. A few unrelated words make a strong password.`}
        invalid={invalid === "password"}
        value={fields.password}
        onChange={set("password")}
      />
      <TextField
        label="Confirm password"
        name="password2"
        type="password"
        autoComplete="new-password"
        required
        invalid={invalid === "password2"}
        value={fields.password2}
        onChange={set("password2")}
      />
      <TextField
        label="Referral code"
        name="referral_code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint="If a friend invited you, their code goes here."
        value={fields.referral_code}
        onChange={set("referral_code")}
      />
      {/* Hidden from people and assistive technology; bots fill it in. */}
      <div className="hidden" aria-hidden="true">
        <label>
          Website
          <input type="text" name="website" tabIndex={-1} autoComplete="off" value={fields.website} onChange={set("website")} />
        </label>
      </div>
      <label className="flex items-start gap-3 text-base">
        <input
          type="checkbox"
          name="terms"
          className="mt-1 size-5 shrink-0 accent-brand-600"
          aria-invalid={invalid === "terms" || undefined}
          checked={fields.terms}
          onChange={(event) => setFields({ ...fields, terms: event.target.checked })}
        />
        <span>
          I agree to the{" "}
          <a href="/terms-and-conditions" target="_blank" rel="noopener" className="link">
            Terms &amp; Conditions<span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          and the{" "}
          <a href="/privacy-policy" target="_blank" rel="noopener" className="link">
            Privacy Policy<span className="sr-only"> (opens in a new tab)</span>
          </a>
          .
        </span>
      </label>
      {signupCheck.element}
      <p aria-live="polite" className="text-sm text-ink-700">
        {signupCheck.statusText}
      </p>
      <button type="submit" className="btn-primary w-full" disabled={!hydrated || submitting}>
        {submitting ? "Processing ..." : "Register"}
      </button>
    </form>
  );
}
