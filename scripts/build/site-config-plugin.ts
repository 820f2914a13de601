import type { Plugin } from "vite";
import type { SiteConfig } from "../../config/site.ts";

const VIRTUAL_ID = "virtual:site-config";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** Hands the validated site configuration to the browser bundle as a plain JSON module. */
export function siteConfigPlugin(site: SiteConfig): Plugin {
  return {
    name: "site-config",
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? `export default ${JSON.stringify(site)};` : undefined;
    },
  };
}
