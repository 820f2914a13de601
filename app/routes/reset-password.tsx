import { ResetPasswordForm } from "../features/account/reset-password-form.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { site } from "../site.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: `Choose a new password | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword() {
  return (
    <CardPage title="Choose a new password" intro="Every device signed in to your account will be signed out.">
      <ResetPasswordForm />
    </CardPage>
  );
}
