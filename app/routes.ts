import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { loadSiteConfig } from "../config/site.ts";
import { type SitePage, sitePages } from "./site-pages.ts";

const pages = sitePages(loadSiteConfig());
const isGuide = (page: SitePage) => page.file === "routes/guide.tsx";
const pageRoute = (page: SitePage) => (page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file, { id: page.id }));

export default [
  layout("layout/site-layout.tsx", [...pages.filter((page) => !isGuide(page)).map(pageRoute), route("*", "routes/not-found.tsx")]),
  layout("layout/guide-layout.tsx", pages.filter(isGuide).map(pageRoute)),
  // The operator console is never prerendered: the server answers every /admin path with the build's client-only shell.
  // Short ids, because every public React page loads the route manifest that lists these (decision 063).
  route("admin", "routes/admin/console-layout.tsx", { id: "a" }, [
    index("routes/admin/overview.tsx", { id: "a0" }),
    route("members", "routes/admin/members.tsx", { id: "a1" }),
    route("members/:id", "routes/admin/member.tsx", { id: "a2" }),
    route("payouts", "routes/admin/payouts.tsx", { id: "a3" }),
    route("review", "routes/admin/review.tsx", { id: "a4" }),
    route("messages", "routes/admin/messages.tsx", { id: "a5" }),
    route("special-days", "routes/admin/special-days.tsx", { id: "a6" }),
    route("quests", "routes/admin/quests.tsx", { id: "a7" }),
    route("audit", "routes/admin/audit.tsx", { id: "a8" }),
  ]),
] satisfies RouteConfig;
