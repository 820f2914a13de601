import type { Config } from "@react-router/dev/config";
import { sitePages } from "./app/site-pages.ts";
import { loadSiteConfig } from "./config/site.ts";

export default {
  ssr: false,
  // The client build answers "no" where React Router asks for lazy discovery (scripts/build/react-router-trim-plugin.ts).
  routeDiscovery: { mode: "initial" },
  // Every page is prerendered; "/404" gives the body the server sends with status 404 for any other path.
  async prerender() {
    return [...sitePages(loadSiteConfig()).map((page) => page.path), "/404"];
  },
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
