import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { loadSiteConfig } from "../config/site.ts";
import { sitePages } from "./site-pages.ts";

export default [
  ...sitePages(loadSiteConfig()).map((page) =>
    page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file, { id: page.id }),
  ),
  // The operator console is never prerendered: the server answers every /admin path with the build's client-only shell.
  // One route with its own <Routes> inside, so the public pages' route manifest carries one entry for it, not one per page.
  route("admin/*", "routes/admin-console.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
