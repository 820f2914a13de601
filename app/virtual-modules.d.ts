declare module "virtual:site-config" {
  const site: import("../config/site.ts").SiteConfig;
  export default site;
}
