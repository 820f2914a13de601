import { href } from "react-router";
import { LinkStatus } from "../features/account/link-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { accountApi } from "../lib/api-client.ts";
import { site } from "../site.ts";
import type { Route } from "./+types/cancel-email-change";

export const meta: Route.MetaFunction = () => [
  { title: `Cancel a change of email address | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

/** The link the current address gets when someone asks to move the account to another address. */
export default function CancelEmailChange() {
  return (
    <CardPage title="Cancel a change of email address">
      <LinkStatus
        follow={accountApi.cancelEmailChange}
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
