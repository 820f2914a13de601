import { VerifyEmailStatus } from "../features/account/verify-email-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { site } from "../site.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => [
  { title: `Confirm your email address | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

export default function VerifyEmail() {
  return (
    <CardPage title="Confirm your email address">
      <VerifyEmailStatus />
    </CardPage>
  );
}
