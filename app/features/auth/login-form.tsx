import type { FormEvent } from "react";
import { href, Link, useNavigate } from "react-router";
import { signInFields } from "../../../common/api/auth.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { signIn } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { useFormFields } from "../../lib/use-form-fields.ts";
import { useComingSoonGuard } from "./account-links.tsx";
import { learnAuthStatus } from "./auth-status.ts";

export function LoginForm({ returnTo }: { returnTo: string | null }) {
  const { fields, set, clear, keepTyped } = useFormFields({ username: "", password: "", remember: false });
  const form = useApiForm("signin");
  const navigate = useNavigate();
  const comingSoon = useComingSoonGuard("anonymous");

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await form.submit(signInFields, fields, (data, csrfToken) => signIn({ ...data, csrfToken })))) return;
    clear();
    learnAuthStatus("authenticated");
    navigate(returnTo ?? href("/dashboard"));
  };

  return (
    <form ref={keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage error={form.error} errorId={form.errorId} />
      <TextField
        label="Email"
        name="username"
        type="email"
        autoComplete="username"
        inputMode="email"
        required
        invalid={form.invalid === "username"}
        errorId={form.errorId}
        value={fields.username}
        onChange={set("username")}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        invalid={form.invalid === "password"}
        errorId={form.errorId}
        value={fields.password}
        onChange={set("password")}
      />
      <label className="flex items-center gap-3 text-base">
        <input type="checkbox" name="remember" className="size-5 accent-brand-600" checked={fields.remember} onChange={set("remember")} />
        Remember Me
      </label>
      <p className="text-base">
        <Link to={href("/forgot-password")} className="link">
          Forgot your password?
        </Link>
      </p>
      <SubmitButton className="btn-primary w-full" disabled={form.submitting}>
        {form.submitting ? "Login ..." : "Login"}
      </SubmitButton>
      <p className="text-center text-base text-ink-800">
        No account yet?{" "}
        <Link to={href("/register")} onClick={comingSoon} className="link">
          Create one
        </Link>
      </p>
      <p className="text-center text-base text-ink-800">
        New to the rewards program?{" "}
        <Link to={href("/register")} onClick={comingSoon} className="link">
          Register now
        </Link>
      </p>
    </form>
  );
}
