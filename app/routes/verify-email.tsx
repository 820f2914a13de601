import { VerifyEmailStatus } from "../features/account/verify-email-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Confirm your email address");

export default function VerifyEmail() {
  return (
    <CardPage title="Confirm your email address">
      <VerifyEmailStatus />
    </CardPage>
  );
}
