import { href, useSearchParams } from "react-router";
import { RegisterForm } from "../features/auth/register-form.tsx";
import { useRedirectIfAuthenticated } from "../features/auth/use-redirect-if-authenticated.ts";
import { CardPage } from "../layout/card-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: "Register",
    description: `Create an account to claim ${site.rewards.dailyAmount} ${site.token.symbol} every day.`,
    path: href("/register"),
  });

export default function Register() {
  useRedirectIfAuthenticated();
  const [searchParams] = useSearchParams();
  return (
    <CardPage
      title="Register"
      intro={`Create your account to claim ${site.rewards.dailyAmount} ${site.token.symbol} every day and invite friends.`}
    >
      <RegisterForm referralCode={searchParams.get("ref") ?? ""} />
    </CardPage>
  );
}
