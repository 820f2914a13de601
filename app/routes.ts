import { index, layout, prefix, type RouteConfig, route } from "@react-router/dev/routes";
import { loadSiteConfig } from "../config/site.ts";
import { sitePages } from "./site-pages.ts";

export default [
  ...sitePages(loadSiteConfig()).map((page) =>
    page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file, { id: page.id }),
  ),
  // The operator console is never prerendered: the server answers every /admin path with the build's client-only shell.
  ...prefix("admin", [
    layout("routes/admin/console-layout.tsx", [
      index("routes/admin/overview.tsx"),
      route("members", "routes/admin/members.tsx"),
      route("members/:id", "routes/admin/member.tsx"),
      route("payouts", "routes/admin/payouts.tsx"),
      route("review", "routes/admin/review.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("special-days", "routes/admin/special-days.tsx"),
      route("audit", "routes/admin/audit.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
