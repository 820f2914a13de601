import type { ReactNode } from "react";
import { PAGE_END_ID } from "./page-end.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteNav } from "./site-nav.tsx";

/**
 * Skip link (a strip above the header when focused, so it covers nothing), header, the page's main landmark and the footer.
 * The guides pass their simplified bar and make no calls; it is theirs to import, so the other pages do not load it.
 */
export function PageShell({ guideBar, children }: { guideBar?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only bg-surface px-4 py-3 text-center font-semibold text-ink-900 underline -outline-offset-4 focus:not-sr-only focus:block"
      >
        Skip to main content
      </a>
      {guideBar ?? <SiteNav />}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter checkAuth={guideBar === undefined} />
      <div id={PAGE_END_ID} hidden />
    </div>
  );
}
