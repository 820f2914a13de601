import { Link } from "react-router";
import { PageShell } from "../layout/page-shell.tsx";
import { site } from "../site.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <PageShell>
      <section className="mx-auto max-w-2xl px-4 py-24 text-center">
        <p className="text-6xl font-black text-brand-600" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl font-bold">Oops! Page Not Found (404)</h1>
        <p className="mt-4 text-lg text-ink-800">The page you were looking for does not exist or has moved.</p>
        <Link to="/" className="btn-primary mt-8">
          Go to the home page
        </Link>
      </section>
    </PageShell>
  );
}
