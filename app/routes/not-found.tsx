import { href, Link } from "react-router";
import { site } from "../site.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [
  { title: `Page not found | ${site.token.name} (${site.token.symbol})` },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Oops! Page Not Found (404)</h1>
      <p className="mt-4 text-lg text-ink-800">The page you were looking for does not exist or has moved.</p>
      <nav aria-label="Where to go instead" className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go to the home page
        </Link>
        <Link to={href("/how-to")} className="btn-secondary">
          Wallet guides
        </Link>
        <Link to={{ pathname: href("/how-to"), hash: "browser" }} className="btn-secondary">
          Start with the browser extension
        </Link>
      </nav>
    </section>
  );
}
