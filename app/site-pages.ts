import { howToBuyPath } from "../common/links.ts";
import type { PageSiteConfig } from "../config/site.ts";
import { ACCOUNT_PATHS } from "./account-paths.ts";
import { guideCatalog } from "./content/guide-catalog.ts";

export type SitePage = {
  path: string;
  /** Route module under app/. */
  file: string;
  /** Needed when several paths share one module. */
  id?: string;
  /** The signed-in area (the dashboard) stays out of the sitemap and search engines. */
  indexed?: false;
  /** Prerendered HTML with the articles' small script, no React (the home page, the guides…): its route module exports `handle = ARTICLE` (decision 053). */
  article?: true;
};

/**
 * Every page the site has, in the spec's route table order. The route table
 * (routes.ts), the prerender list and the server's list of valid paths all
 * come from here, so a path no page owns is a real 404 everywhere.
 */
export function sitePages(site: PageSiteConfig): SitePage[] {
  return [
    { path: "/", file: "routes/home.tsx", article: true },
    { path: ACCOUNT_PATHS.dashboard, file: "routes/dashboard.tsx", indexed: false },
    { path: "/quests", file: "routes/quests.tsx", indexed: false },
    { path: "/leaderboard", file: "routes/leaderboard.tsx" },
    { path: "/how-to", file: "routes/how-to.tsx", article: true },
    { path: howToBuyPath(site), file: "routes/how-to-buy.tsx", article: true },
    { path: "/faq", file: "routes/faq.tsx", article: true },
    { path: "/glossary", file: "routes/glossary.tsx", article: true },
    ...guideCatalog(site).map((guide) => ({
      path: guide.path,
      file: "routes/guide.tsx",
      id: `guide${guide.path}`,
      article: true as const,
    })),
    { path: "/contact-us", file: "routes/contact-us.tsx" },
    { path: "/report-guide", file: "routes/report-guide.tsx", indexed: false },
    { path: ACCOUNT_PATHS.login, file: "routes/login.tsx" },
    { path: ACCOUNT_PATHS.register, file: "routes/register.tsx" },
    { path: "/forgot-password", file: "routes/forgot-password.tsx" },
    { path: "/reset-password", file: "routes/reset-password.tsx", indexed: false },
    { path: "/verify-email", file: "routes/verify-email.tsx", indexed: false },
    { path: "/cancel-email-change", file: "routes/cancel-email-change.tsx", indexed: false },
    { path: "/waitlist", file: "routes/waitlist.tsx", indexed: false },
    { path: "/unsubscribe", file: "routes/unsubscribe.tsx", indexed: false },
    { path: ACCOUNT_PATHS.account, file: "routes/account.tsx", indexed: false },
    { path: "/earn-tokens", file: "routes/earn-tokens.tsx", article: true },
    { path: "/privacy-policy", file: "routes/legal.tsx", id: "legal/privacy-policy", article: true },
    { path: "/terms-and-conditions", file: "routes/legal.tsx", id: "legal/terms-and-conditions", article: true },
  ];
}
