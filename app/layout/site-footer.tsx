import type { ReactNode } from "react";
import { href, Link } from "react-router";
import { contractSourceUrl, howToBuyPath, WHITEPAPER_PATH } from "../../common/links.ts";
import { DialogButton } from "../components/ui/dialog-button.tsx";
import { SocialLinks } from "../components/ui/social-links.tsx";
import { SectionHeading, TitledSection } from "../components/ui/titled-section.tsx";
import { AccountLinks } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/use-auth-status.ts";
import { useArticleOnly } from "../lib/use-article-only.ts";
import { site } from "../site.ts";
import { BrandLink } from "./brand-link.tsx";
import { footerDialogTexts } from "./footer-dialog-texts.ts";

const itemClass = "inline-block py-1.5 text-left text-base text-white/85 underline-offset-4 hover:text-white hover:underline";

const learnLinks = [
  { to: "/", label: "Home" },
  { to: href("/how-to"), label: "Wallet Guide" },
  { to: howToBuyPath(site), label: `How to buy ${site.token.symbol}` },
  { to: href("/faq"), label: "FAQ" },
  { to: href("/glossary"), label: "Glossary" },
  { to: href("/contact-us"), label: "Contact Us" },
];

const legalLinks = [
  { to: href("/privacy-policy"), label: "Privacy Policy" },
  { to: href("/terms-and-conditions"), label: "Terms and Conditions" },
];

function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <TitledSection>
      <SectionHeading className="text-sm font-bold tracking-wider text-gold-400 uppercase">{title}</SectionHeading>
      <ul className="mt-3">{children}</ul>
    </TitledSection>
  );
}

/** `checkAuth: false` on the guides, which make no calls and reuse what the visit already knows. */
export function SiteFooter({ checkAuth }: { checkAuth: boolean }) {
  const status = useAuthStatus({ check: checkAuth });
  const textOnOpen = !useArticleOnly();
  const { WhoWeAreText, TokenAddressText } = footerDialogTexts;
  return (
    <footer className="mt-auto bg-ink-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <div>
          <BrandLink />
          <p className="mt-3 max-w-xs text-base text-white/85">{site.site.tagline}.</p>
          <div className="mt-4 -ml-3">
            <SocialLinks socials={site.socials} tone="dark" />
          </div>
          <Link to={href("/earn-tokens")} className="btn-primary mt-4">
            Earn Tokens
          </Link>
        </div>
        <FooterSection title={`${site.token.symbol} token`}>
          <li>
            <DialogButton label="Who We Are" title="Who We Are" buttonClassName={itemClass} textOnOpen={textOnOpen}>
              <WhoWeAreText />
            </DialogButton>
          </li>
          <li>
            <a href={WHITEPAPER_PATH} className={itemClass}>
              Whitepaper (PDF)
            </a>
          </li>
          <li>
            <DialogButton label="Public Token Address" title="Public Token Address" buttonClassName={itemClass} textOnOpen={textOnOpen}>
              <TokenAddressText />
            </DialogButton>
          </li>
          <li>
            <a href={contractSourceUrl(site)} className={itemClass} rel="noopener noreferrer" target="_blank">
              Contract Source Code<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        </FooterSection>
        <FooterSection title="Learn">
          {learnLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </FooterSection>
        <FooterSection title="Rewards">
          <li>
            <Link to={href("/leaderboard")} className={itemClass}>
              Leaderboard
            </Link>
          </li>
          <AccountLinks status={status} linkClassName={itemClass} />
        </FooterSection>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-white/80 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {site.legal.updated.slice(0, 4)} {site.legal.operator}. Crypto-assets are volatile; only use money you can afford to lose.
          </p>
          <ul className="flex gap-4">
            {legalLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className="underline-offset-4 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
