/** What the navigation bar looks like in each state, shared by SiteNav and the articles' script (app/enhance/site-nav.ts). */
export const NAV_LOOK = {
  scrolled: "bg-ink-950 py-1.5 shadow-lg",
  top: "bg-ink-900 py-3",
  menuOpenIcon: "M6 6l12 12M18 6 6 18",
  menuClosedIcon: "M4 7h16M4 12h16M4 17h16",
};
