import { href } from "react-router";
import { LinkStatus } from "./link-status.tsx";

/** Follows the link from the email once the page has loaded, and says what happened. */
export function VerifyEmailStatus() {
  return (
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
  );
}
