import { href, Link } from "react-router";
import { SocialLinks } from "../components/ui/social-links.tsx";
import { site } from "../site.ts";
import { BrandLink } from "./brand-link.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { GuideBarSearch } from "./guide-bar-search.tsx";

/** The simplified bar of the guide pages: the brand, search, the guide index and the social links. */
export function GuideBar() {
  return (
    <header className="bg-ink-900 py-2">
      <nav aria-label="Guides" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLink />
        <div className="flex flex-wrap items-center gap-2">
          <GuideBarSearch />
          <Link to={href("/how-to")} className="rounded-lg px-3 py-2 font-medium text-white/90 hover:bg-white/10 hover:text-white">
            All guides
          </Link>
          <SocialLinks socials={site.socials} tone="dark" />
          <ColorSchemeToggle />
        </div>
      </nav>
    </header>
  );
}
