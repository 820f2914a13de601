import { Link } from "react-router";
import type { GuidePageData } from "../../content/guides.server.ts";

/** The previous and next guides of the same platform. */
export function GuidePager({ previous, next, platformName }: Pick<GuidePageData, "previous" | "next" | "platformName">) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={`More ${platformName} guides`} className="mt-14 grid gap-4 border-t border-sand-200 pt-8 sm:grid-cols-2">
      {previous ? (
        <Link to={previous.path} rel="prev" className="card block hover:border-brand-300">
          <span className="text-sm text-ink-700">Previous</span>
          <span className="mt-1 block font-bold">{previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={next.path} rel="next" className="card block text-right hover:border-brand-300">
          <span className="text-sm text-ink-700">Next</span>
          <span className="mt-1 block font-bold">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
