import { type FormEvent, useState } from "react";
import { Link, useNavigate } from "react-router";
import { signInFields } from "../../../common/api/accounts.ts";
import { checkFields } from "../../../common/api/fields.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { signIn } from "../../lib/api-client.ts";
import { useCsrfToken } from "../../lib/use-csrf-token.ts";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useComingSoonGuard } from "./account-links.tsx";
import { rememberAuthStatus } from "./auth-status.ts";

const EMPTY = { username: "", password: "", remember: false };

export function LoginForm() {
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const csrf = useCsrfToken("signin");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const comingSoon = useComingSoonGuard("anonymous");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkFields(signInFields, fields);
    if (!checked.ok) return fail(checked.message, checked.field);
    setSubmitting(true);
    setError(null);
    setInvalid(null);
    const csrfToken = await csrf.ensure();
    const result = await signIn({ ...checked.data, csrfToken: csrfToken ?? "" });
    setSubmitting(false);
    if (result.ok && !result.body?.err_msg) {
      setFields(EMPTY);
      rememberAuthStatus("authenticated");
      navigate("/dashboard");
      return;
    }
    if (result.status === 403) void csrf.refresh();
    setError(result.body?.err_msg ?? "We could not reach the server. Check your connection and try again.");
  };

  function fail(message: string, field: string) {
    setError(message);
    setInvalid(field);
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage error={error} />
      <TextField
        label="Email"
        name="username"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        invalid={invalid === "username"}
        value={fields.username}
        onChange={(event) => setFields({ ...fields, username: event.target.value })}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        invalid={invalid === "password"}
        value={fields.password}
        onChange={(event) => setFields({ ...fields, password: event.target.value })}
      />
      <label className="flex items-center gap-3 text-base">
        <input
          type="checkbox"
          name="remember"
          className="size-5 accent-brand-600"
          checked={fields.remember}
          onChange={(event) => setFields({ ...fields, remember: event.target.checked })}
        />
        Remember Me
      </label>
      <p className="text-base">
        <Link to="/forgot-password" className="link">
          Forgot your password?
        </Link>
      </p>
      <button type="submit" className="btn-primary w-full" disabled={!hydrated || submitting}>
        {submitting ? "Login ..." : "Login"}
      </button>
      <p className="text-center text-base text-ink-800">
        No account yet?{" "}
        <Link to="/register" onClick={comingSoon} className="link">
          Create one
        </Link>
      </p>
      <p className="text-center text-base text-ink-800">
        New to the rewards program?{" "}
        <Link to="/register" onClick={comingSoon} className="link">
          Register now
        </Link>
      </p>
    </form>
  );
}
