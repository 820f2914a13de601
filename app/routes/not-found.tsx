import { href, Link } from "react-router";
import { GUIDE_PLATFORMS, PLATFORM_NAMES } from "../content/guide-platforms.ts";
import { GuideSearch } from "../features/guides/guide-search.tsx";
import { unlistedPageMeta } from "../lib/page-meta.ts";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => unlistedPageMeta("Page not found");

/** A lost visitor gets the guides' search and each platform's list (the guide index opens the one the link names). */
export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Oops! Page Not Found (404)</h1>
      <p className="mt-4 text-lg text-ink-800">The page you were looking for does not exist or has moved.</p>
      <GuideSearch className="mx-auto mt-8 max-w-md text-left" />
      <nav aria-label="Where to go instead" className="mt-8">
        <h2 className="text-lg font-bold">The wallet guides, for where you use your wallet</h2>
        <ul className="mt-3 flex flex-wrap justify-center gap-3">
          {GUIDE_PLATFORMS.map((platform) => (
            <li key={platform}>
              <Link to={{ pathname: href("/how-to"), hash: platform }} className="btn-secondary">
                {PLATFORM_NAMES[platform]}
              </Link>
            </li>
          ))}
        </ul>
        <Link to="/" className="btn-primary mt-6">
          Go to the home page
        </Link>
      </nav>
    </section>
  );
}
