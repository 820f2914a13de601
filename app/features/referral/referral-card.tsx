import { useEffect, useId, useState } from "react";
import type { DashboardData } from "../../../common/api/rewards.ts";
import { referralLink } from "../../../common/links.ts";
import { CardSection } from "../../components/ui/card-section.tsx";
import { CopyButton } from "../../components/ui/copy-button.tsx";
import { formatTokens } from "../../lib/token-amount.ts";
import { site } from "../../site.ts";
import { shareLinks, shareText } from "./share-links.ts";

/** The referral code, the link to share, and what it has earned. */
export function ReferralCard({ data }: { data: DashboardData }) {
  const link = referralLink(site, data.referral_code);
  const text = shareText();
  const shareLabelId = useId();
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  const share = () =>
    navigator
      .share({
        title: `Join ${site.token.name} rewards`,
        text,
        url: link,
      })
      .catch(() => {
        // Closing the share sheet rejects; nothing to tell the user.
      });

  return (
    <CardSection title="Invite friends">
      <p className="mt-1 text-base text-ink-800">
        You earn {formatTokens(String(site.rewards.referralBonus))} each time a friend who signed up with your link claims their daily
        reward.
      </p>
      <dl className="mt-4 space-y-3">
        <div>
          <dt className="text-sm font-semibold text-ink-800">Your referral code</dt>
          <dd className="font-mono text-2xl font-bold tracking-wider" data-testid="referral-code">
            {data.referral_code}
          </dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-800">Your referral link</dt>
          <dd className="rounded-lg bg-sand-100 p-2 font-mono text-sm break-all" data-testid="referral-link">
            {link}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton text={link} label="Copy link" />
        {canShare ? (
          <button type="button" className="btn-secondary" onClick={share}>
            Share
          </button>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 text-base">
        <span id={shareLabelId} className="text-ink-800">
          Or share on
        </span>
        <ul aria-labelledby={shareLabelId} className="flex flex-wrap gap-x-4">
          {shareLinks(text, link).map((app) => (
            <li key={app.name}>
              <a href={app.href} className="link inline-block min-w-6 py-1.5 text-center" target="_blank" rel="noopener noreferrer">
                <span className="sr-only">Share on </span>
                {app.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="mt-4 text-sm text-ink-800">
        {data.referral_count === 1 ? "1 friend has" : `${data.referral_count} friends have`} joined with your code; bonuses so far:{" "}
        {formatTokens(data.referral_bonus_total)}.
      </p>
      {BigInt(data.referral_bonus_pending) > 0n ? (
        <p className="mt-2 text-sm text-ink-800" data-testid="referral-pending">
          Waiting: {formatTokens(data.referral_bonus_pending)}, credited as soon as your friends confirm their email addresses.
        </p>
      ) : null}
    </CardSection>
  );
}
