import { useEffect, useId, useRef, useState } from "react";
import { href, Link, NavLink, useLocation } from "react-router";
import { AccountLinks } from "../features/auth/account-links.tsx";
import { useAuthStatus } from "../features/auth/use-auth-status.ts";
import { NAV_SCROLL_THRESHOLD_PX } from "../lib/timings.ts";
import { BrandLink } from "./brand-link.tsx";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { closeMenuWhenDone } from "./menu-closing.ts";
import { NAV_LOOK } from "./site-nav-look.ts";

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY >= threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const linkClass =
  "block rounded-lg px-3 py-2 text-base font-medium text-white/90 hover:bg-white/10 hover:text-white aria-[current=page]:text-gold-400";

/** The top navigation bar of every page but the guides: one opaque row, the menu button below 1024 px where a member's links would wrap. */
export function SiteNav() {
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const status = useAuthStatus({ check: true });
  // The navigation outlives the page (a layout route): the menu belongs to the page it was opened on, and closes on the next.
  const { key } = useLocation();
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === key;
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!menuOpen || !buttonRef.current || !menuRef.current) return;
    return closeMenuWhenDone(buttonRef.current, menuRef.current, () => setMenuOpenOn(null));
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-40 transition-[background-color,box-shadow,padding] duration-200 ${
        scrolled ? NAV_LOOK.scrolled : NAV_LOOK.top
      }`}
    >
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 sm:px-6">
        <BrandLink />
        <ColorSchemeToggle className="ml-auto lg:order-last lg:ml-0" />
        <button
          ref={buttonRef}
          type="button"
          className="rounded-lg p-2 text-white hover:bg-white/10 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpenOn(menuOpen ? null : key)}
        >
          <span className="sr-only">Menu</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="size-7 stroke-current" fill="none" strokeWidth="2" strokeLinecap="round">
            <path d={menuOpen ? NAV_LOOK.menuOpenIcon : NAV_LOOK.menuClosedIcon} />
          </svg>
        </button>
        <div
          ref={menuRef}
          id={menuId}
          className={`${menuOpen ? "flex" : "hidden"} w-full flex-col gap-3 pb-3 lg:flex lg:w-auto lg:flex-row lg:items-center lg:pb-0`}
        >
          <ul className="flex flex-col lg:flex-row lg:items-center lg:gap-1">
            <li>
              <NavLink to="/" end className={linkClass}>
                Home
              </NavLink>
            </li>
            <li>
              <NavLink to={href("/how-to")} className={linkClass}>
                Wallet Guides
              </NavLink>
            </li>
            <AccountLinks status={status} linkClassName={linkClass} />
          </ul>
          <Link to={href("/earn-tokens")} className="btn-primary self-start lg:self-auto">
            Earn Tokens
          </Link>
        </div>
      </nav>
    </header>
  );
}
