import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { loadSiteConfig } from "./config/site.ts";
import { siteConfigPlugin } from "./scripts/build/site-config-plugin.ts";

export default defineConfig({
  plugins: [tailwindcss(), siteConfigPlugin(loadSiteConfig()), reactRouter()],
  build: { assetsInlineLimit: 0 },
  server: { proxy: { "/api": "http://localhost:3000" } },
});
