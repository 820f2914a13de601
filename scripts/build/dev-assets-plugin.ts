import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import type { SiteConfig } from "../../config/site.ts";
import { contentTypeOf } from "../../server/plugins/site.ts";
import { projectRoot } from "../../server/project-root.ts";
import { brandAssets } from "./brand-assets.ts";
import { renderWhitepaper } from "./whitepaper.ts";

/**
 * `npm run dev`: the files the build draws after React Router (icons, share
 * image, manifest, whitepaper), drawn on request instead, so the dev server
 * shows what production does. Redrawn each time: editing the logo or the
 * whitepaper shows on reload.
 */
export function devAssetsPlugin(site: SiteConfig): Plugin {
  const logo = () => readFileSync(path.join(projectRoot, "public", site.token.logo), "utf8");
  const brandPaths = new Set(brandAssets(site, logo()).keys());
  return {
    name: "dev-assets",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (request, response, next) => {
        const urlPath = new URL(request.url ?? "/", "http://dev").pathname;
        try {
          if (urlPath !== "/whitepaper.pdf" && !brandPaths.has(urlPath)) return next();
          const content = urlPath === "/whitepaper.pdf" ? await renderWhitepaper(site, logo()) : brandAssets(site, logo()).get(urlPath);
          if (content === undefined) return next();
          response.setHeader("content-type", contentTypeOf(urlPath));
          response.end(content);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
