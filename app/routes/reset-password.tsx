import { ResetPasswordForm } from "../features/account/reset-password-form.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Choose a new password");

export default function ResetPassword() {
  return (
    <CardPage title="Choose a new password" intro="Every device signed in to your account will be signed out.">
      <ResetPasswordForm />
    </CardPage>
  );
}
