import { closeMenuWhenDone } from "../layout/menu-closing.ts";
import { NAV_LOOK } from "../layout/site-nav-look.ts";
import { NAV_SCROLL_THRESHOLD_PX } from "../lib/timings.ts";

/** What SiteNav does, for its prerendered markup: the menu button below 1024 px (closed as menu-closing.ts says), and the bar's look once the page is scrolled. */
export function enhanceSiteNav(): void {
  const header = document.querySelector<HTMLElement>("header[data-scrolled]");
  const button = header?.querySelector<HTMLButtonElement>("button[aria-controls]");
  const menu = document.getElementById(button?.getAttribute("aria-controls") ?? "");
  if (!header || !button || !menu) return;

  let stopClosing = () => {};
  const show = (open: boolean) => {
    button.setAttribute("aria-expanded", String(open));
    menu.classList.toggle("flex", open);
    menu.classList.toggle("hidden", !open);
    button.querySelector("path")?.setAttribute("d", open ? NAV_LOOK.menuOpenIcon : NAV_LOOK.menuClosedIcon);
    stopClosing();
    stopClosing = open ? closeMenuWhenDone(button, menu, () => show(false)) : () => {};
  };
  button.addEventListener("click", () => show(button.getAttribute("aria-expanded") !== "true"));

  const look = (scrolled: boolean) => NAV_LOOK[scrolled ? "scrolled" : "top"].split(" ");
  const update = () => {
    const scrolled = window.scrollY >= NAV_SCROLL_THRESHOLD_PX;
    if (header.dataset.scrolled === String(scrolled)) return;
    header.dataset.scrolled = String(scrolled);
    header.classList.remove(...look(!scrolled));
    header.classList.add(...look(scrolled));
  };
  update();
  window.addEventListener("scroll", update, { passive: true });
}
