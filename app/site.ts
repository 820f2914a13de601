import site from "virtual:site-config";

/** The site configuration as the browser sees it (validated at build time). */
export { site };
