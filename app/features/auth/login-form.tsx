import { href, Link, useNavigate } from "react-router";
import { signInFields } from "../../../common/api/auth.ts";
import { FormMessage } from "../../components/ui/form-message.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { call } from "../../lib/api-call.ts";
import { useApiForm } from "../../lib/use-api-form.ts";
import { useComingSoonGuard } from "./account-links.tsx";
import { learnAuthStatus } from "./auth-status.ts";

export function LoginForm({ returnTo }: { returnTo: string | null }) {
  const form = useApiForm(signInFields, { username: "", password: "", remember: false }, { csrf: "signin" });
  const navigate = useNavigate();
  const comingSoon = useComingSoonGuard("anonymous");

  const submit = form.onSubmit(
    (data, csrfToken) => call("POST /api/signin", { body: { ...data, csrfToken } }),
    () => {
      form.clear();
      learnAuthStatus("authenticated");
      navigate(returnTo ?? href("/dashboard"));
    },
  );

  return (
    <form ref={form.keepTyped} method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormMessage error={form.error} errorId={form.message.errorId} />
      <TextField label="Email" type="email" autoComplete="username" inputMode="email" required {...form.field("username")} />
      <TextField label="Password" type="password" autoComplete="current-password" required {...form.field("password")} />
      <label className="flex items-center gap-3 text-base">
        <input type="checkbox" className="size-5 accent-brand-600" {...form.field("remember")} />
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
