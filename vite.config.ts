import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { loadSiteConfig } from "./config/site.ts";
import { articleScriptPlugin } from "./scripts/build/article-script-plugin.ts";
import { brandPalettePlugin } from "./scripts/build/brand-palette-plugin.ts";
import { devAssetsPlugin } from "./scripts/build/dev-assets-plugin.ts";
import { formChecksPlugin } from "./scripts/build/form-checks-plugin.ts";
import { reactRouterTrimPlugin } from "./scripts/build/react-router-trim-plugin.ts";
import { sharedChunksPlugin } from "./scripts/build/shared-chunks-plugin.ts";
import { siteConfigPlugin } from "./scripts/build/site-config-plugin.ts";

const site = loadSiteConfig();
// Set by scripts/dev.mjs, which starts the API server beside Vite.
const api = process.env.DEV_API_ORIGIN ?? "http://127.0.0.1:3001";

export default defineConfig({
  plugins: [
    brandPalettePlugin(site),
    tailwindcss(),
    siteConfigPlugin(site),
    devAssetsPlugin(site),
    articleScriptPlugin(() => [siteConfigPlugin(site), formChecksPlugin()]),
    sharedChunksPlugin(),
    formChecksPlugin(),
    reactRouterTrimPlugin(),
    reactRouter(),
  ],
  build: { assetsInlineLimit: 0 },
  server: { proxy: { "/api": api, "/.well-known": api } },
});
