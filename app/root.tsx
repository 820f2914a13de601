import "./lib/zod-without-eval.ts";
import articleScript from "virtual:article-script";
import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { CONSOLE_TITLE } from "./features/console/console-title.ts";
import { PAGE_END_ID } from "./layout/page-end.ts";
import { PageShell } from "./layout/page-shell.tsx";
import { COLOR_SCHEME_HEAD_SCRIPT } from "./lib/color-scheme.ts";
import { useArticleOnly } from "./lib/use-article-only.ts";
import { site } from "./site.ts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: site.token.logo, type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/brand/apple-touch-icon.png" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  // In the browser (a page that did hydrate, navigating) React keeps its scripts.
  const articleOnly = useArticleOnly();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the stylesheet, so the first paint is in the reader's scheme; allowed by its hash in the page's policy. */}
        <script dangerouslySetInnerHTML={{ __html: COLOR_SCHEME_HEAD_SCRIPT }} />
        <meta name="theme-color" content={site.site.themeColor} />
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {articleOnly ? (
          <script type="module" src={articleScript.url} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <PageShell>
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold">{notFound ? "Oops! Page Not Found (404)" : "Something went wrong"}</h1>
        <p className="mt-4 text-lg text-ink-800">
          {notFound
            ? "The page you asked for does not exist."
            : "Please reload the page. If it keeps happening, tell us through the contact form."}
        </p>
        <a href="/" className="btn-primary mt-8">
          Back to the home page
        </a>
      </section>
    </PageShell>
  );
}

/**
 * What the console's client-only shell shows until its page has loaded (prerendered pages never show it).
 * Its title is in the shell's HTML, so the tab and a screen reader name the page before the console's code runs.
 */
export function HydrateFallback() {
  return (
    <>
      <title>{CONSOLE_TITLE}</title>
      <p role="status" className="px-4 py-24 text-center text-lg text-ink-800">
        Loading…
      </p>
    </>
  );
}
