import type { ReactNode } from "react";
import { GuideBar } from "./guide-bar.tsx";
import { PAGE_END_ID } from "./page-end.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteNav } from "./site-nav.tsx";

/** Skip link (a strip above the header when focused, so it covers nothing), header, the page's main landmark and the footer. Guides get the simplified bar and make no calls. */
export function PageShell({ variant = "site", children }: { variant?: "site" | "guide"; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only bg-surface px-4 py-3 text-center font-semibold text-ink-900 underline -outline-offset-4 focus:not-sr-only focus:block"
      >
        Skip to main content
      </a>
      {variant === "guide" ? <GuideBar /> : <SiteNav />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter checkAuth={variant === "site"} />
      <div id={PAGE_END_ID} hidden />
    </div>
  );
}
