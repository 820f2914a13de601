import { href } from "react-router";
import { LoginForm } from "../features/auth/login-form.tsx";
import { returnReason, useReturnPath } from "../features/auth/return-path.ts";
import { useRedirectIfAuthenticated } from "../features/auth/use-redirect-if-authenticated.ts";
import { CardPage } from "../layout/card-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Login", description: `Log in to claim your daily ${site.token.symbol} reward.`, path: href("/login") });

export default function Login() {
  const returnTo = useReturnPath();
  useRedirectIfAuthenticated(returnTo);
  return (
    <CardPage title="Login" intro={returnReason(returnTo) ?? `Log in to claim your daily ${site.token.symbol} and see your balance.`}>
      <LoginForm returnTo={returnTo} />
    </CardPage>
  );
}
