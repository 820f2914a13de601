import { href, Link } from "react-router";
import { contractSourceUrl, howToBuyPath, WHITEPAPER_PATH } from "../../common/links.ts";
import { SocialLinks } from "../components/ui/social-links.tsx";
import { AccountLinks } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/use-auth-status.ts";
import { TokenAddressDialog } from "../features/token/token-address-dialog.tsx";
import { WhoWeAreDialog } from "../features/token/who-we-are-dialog.tsx";
import { site } from "../site.ts";
import { BrandLink } from "./brand-link.tsx";

const itemClass = "inline-block py-1.5 text-left text-base text-white/85 underline-offset-4 hover:text-white hover:underline";

/** `checkAuth: false` on the guides, which make no calls and reuse what the visit already knows. */
export function SiteFooter({ checkAuth }: { checkAuth: boolean }) {
  const status = useAuthStatus({ check: checkAuth });
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
        <section aria-labelledby="footer-token">
          <h2 id="footer-token" className="text-sm font-bold tracking-wider text-gold-400 uppercase">
            {site.token.symbol} token
          </h2>
          <ul className="mt-3">
            <li>
              <WhoWeAreDialog buttonClassName={itemClass} />
            </li>
            <li>
              <a href={WHITEPAPER_PATH} className={itemClass}>
                Whitepaper (PDF)
              </a>
            </li>
            <li>
              <TokenAddressDialog buttonClassName={itemClass} />
            </li>
            <li>
              <a href={contractSourceUrl(site)} className={itemClass} rel="noopener noreferrer" target="_blank">
                Contract Source Code<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-learn">
          <h2 id="footer-learn" className="text-sm font-bold tracking-wider text-gold-400 uppercase">
            Learn
          </h2>
          <ul className="mt-3">
            <li>
              <Link to="/" className={itemClass}>
                Home
              </Link>
            </li>
            <li>
              <Link to={href("/how-to")} className={itemClass}>
                Wallet Guide
              </Link>
            </li>
            <li>
              <Link to={howToBuyPath(site)} className={itemClass}>
                How to buy {site.token.symbol}
              </Link>
            </li>
            <li>
              <Link to={href("/faq")} className={itemClass}>
                FAQ
              </Link>
            </li>
            <li>
              <Link to={href("/glossary")} className={itemClass}>
                Glossary
              </Link>
            </li>
            <li>
              <Link to={href("/contact-us")} className={itemClass}>
                Contact Us
              </Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="footer-account">
          <h2 id="footer-account" className="text-sm font-bold tracking-wider text-gold-400 uppercase">
            Rewards
          </h2>
          <ul className="mt-3">
            <li>
              <Link to={href("/leaderboard")} className={itemClass}>
                Leaderboard
              </Link>
            </li>
            <AccountLinks status={status} linkClassName={itemClass} />
          </ul>
        </section>
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-white/80 sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {site.legal.updated.slice(0, 4)} {site.legal.operator}. Crypto-assets are volatile; only use money you can afford to lose.
          </p>
          <ul className="flex gap-4">
            <li>
              <Link to={href("/privacy-policy")} className="underline-offset-4 hover:text-white hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to={href("/terms-and-conditions")} className="underline-offset-4 hover:text-white hover:underline">
                Terms and Conditions
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
