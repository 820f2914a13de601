import { href } from "react-router";
import { ForgotPasswordForm } from "../features/account/forgot-password-form.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { pageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Forgot your password?", description: "Get a link to choose a new password.", path: href("/forgot-password") });

export default function ForgotPassword() {
  return (
    <CardPage title="Forgot your password?" intro="Enter the email of your account. We will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </CardPage>
  );
}
