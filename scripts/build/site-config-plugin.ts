import type { Plugin } from "vite";
import { pageSiteConfig, type SiteConfig } from "../../config/site.ts";

const VIRTUAL_ID = "virtual:site-config";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Hands the validated site configuration, as the pages read it, to the app's modules as a plain JSON module. */
export function siteConfigPlugin(site: SiteConfig): Plugin {
  return {
    name: "site-config",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? `export default ${JSON.stringify(pageSiteConfig(site))};` : undefined;
    },
  };
}
