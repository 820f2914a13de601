import { href } from "react-router";
import { LinkStatus } from "../features/account/link-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/cancel-email-change";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Cancel a change of email address");

/** The link the current address gets when someone asks to move the account to another address. */
export default function CancelEmailChange() {
  return (
    <CardPage title="Cancel a change of email address">
      <LinkStatus
        endpoint="POST /api/cancel-email-change"
        checking="Cancelling the change of address…"
        next={
          <p className="text-base text-ink-800">
            If you did not ask for the change, someone knows your password: <a href={href("/forgot-password")}>choose a new one</a>.
          </p>
        }
        failedHint={<>Signing out every other device on your account page also cancels a change of address.</>}
      />
    </CardPage>
  );
}
