declare module "virtual:site-config" {
  const site: import("../config/site.ts").PageSiteConfig;
  export default site;
}

declare module "virtual:article-script" {
  /** The hashed URL of the articles' script, one self-contained file (scripts/build/article-script-plugin.ts). */
  const script: { url: string };
  export default script;
}
