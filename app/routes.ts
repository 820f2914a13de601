import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { loadSiteConfig } from "../config/site.ts";
import { sitePages } from "./site-pages.ts";

export default [
  ...sitePages(loadSiteConfig()).map((page) =>
    page.path === "/" ? index(page.file) : route(page.path.slice(1), page.file, { id: page.id }),
  ),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
