import { href } from "react-router";
import { LinkStatus } from "../features/account/link-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Confirm your email address");

/** The link in the confirmation email: followed once the page has loaded, and what happened said. */
export default function VerifyEmail() {
  return (
    <CardPage title="Confirm your email address">
      <LinkStatus
        endpoint="POST /api/verify-email"
        checking="Confirming your email address…"
        next={
          <a href={href("/dashboard")} className="btn-primary">
            Go to my dashboard
          </a>
        }
        failedHint={
          <>
            Log in and use <strong>Send the link again</strong> on your dashboard to get a new link.
          </>
        }
      />
    </CardPage>
  );
}
