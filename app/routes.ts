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
  // One route with its own <Routes> inside, so the public pages' route manifest carries one entry for it, not one per page.
  route("admin/*", "routes/admin-console.tsx"),
] satisfies RouteConfig;
