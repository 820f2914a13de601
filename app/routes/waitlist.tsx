import { href } from "react-router";
import { LinkStatus } from "../features/account/link-status.tsx";
import { CardPage } from "../layout/card-page.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Confirm your place on the waitlist");

/** Where the waitlist's email links to (double opt-in): the place counts once this page has followed the link. */
export default function Waitlist() {
  return (
    <CardPage title="Confirm your place on the waitlist">
      <LinkStatus
        endpoint="POST /api/waitlist/confirm"
        checking="Confirming your place on the waitlist…"
        next={
          <a href={href("/how-to")} className="btn-primary">
            Read the wallet guides meanwhile
          </a>
        }
        failedHint="Open “Register” on any page and leave your email again: we send a new link."
      />
    </CardPage>
  );
}
