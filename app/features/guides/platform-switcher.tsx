import { Link } from "react-router";
import type { GuidePageData } from "../../content/guides.server.ts";

/** The same task on the other platforms that have it, so a reader who switches stays on it; none when only one has it. */
export function PlatformSwitcher({ platforms }: { platforms: GuidePageData["platforms"] }) {
  if (platforms.length < 2) return null;
  return (
    <nav aria-label="Platform" className="mt-6">
      <ul className="inline-flex rounded-full border border-ink-700/30 bg-surface p-1">
        {platforms.map((platform) => (
          <li key={platform.name}>
            <Link
              to={platform.path}
              aria-current={platform.current ? "page" : undefined}
              className={`block rounded-full px-4 py-2 text-sm font-semibold ${platform.current ? "bg-ink-900 text-white" : "text-ink-800 hover:bg-sand-100"}`}
            >
              {platform.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
