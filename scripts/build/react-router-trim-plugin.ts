import type { Plugin } from "vite";

/** React Router's files as its package exports them: one build, its development warnings switched on. */
const REACT_ROUTER_FILE = /\/node_modules\/react-router\/dist\/development\/[^/]+\.mjs$/;
const DEV_WARNINGS = "var ENABLE_DEV_WARNINGS = true;";

/**
 * Features this site never turns on, switched off where React Router tests for them, so the bundler leaves out their
 * code (decision 068). Each edit keeps its line; `declaredBy` names the file that must hold it, so an upgrade that
 * renames one fails the build.
 */
export const UNUSED_FEATURES: readonly { feature: string; declaredBy: string; find: RegExp; replace: (match: string) => string }[] = [
  {
    // The app's entry renders `<HydratedRouter />` without `unstable_instrumentations`.
    feature: "instrumentations",
    declaredBy: "function createRouter(init) {",
    find: /\bif \(init\.instrumentations\) \{/g,
    replace: () => "if (false) {",
  },
  {
    // Only React Server Components' routers provide the RSC context; this site renders none.
    feature: "React Server Components",
    declaredBy: "function useIsRSCRouterContext() {",
    find: /= useIsRSCRouterContext\(\);|\bif \(this\.context(?= && typeof error|\) \{)/g,
    replace: (match: string) => (match.startsWith("=") ? "= false;" : "if (false"),
  },
  {
    // Lazy route discovery needs `routeDiscovery: { mode: "lazy" }` and `ssr: true`; react-router.config.ts sets "initial".
    feature: "lazy route discovery",
    declaredBy: "function isFogOfWarEnabled(routeDiscovery, ssr) {",
    find: /(?<!function )\bisFogOfWarEnabled\(routeDiscovery, ssr\)/g,
    replace: () => "false",
  },
];

/**
 * React Router in the browser without what only a developer sees (decision 066), nor the features the site never turns
 * on (decision 068). Its package exports one build, with the development warnings on and a `displayName` set on every
 * component and context for React's DevTools; each of those assignments, and the `forwardRef` calls without a pure
 * mark, keep components the app never uses (`Form`, `useSubmit`, `HistoryRouter`…) in the bundle. The client build
 * switches the warnings off as React Router's own production copy does, drops the names, marks the `forwardRef` calls
 * pure and answers "no" where React Router asks for instrumentations, React Server Components or lazy route discovery,
 * so the bundler leaves out what no page runs. The prerender keeps the package as it is: none of this changes what a
 * page renders.
 */
export function reactRouterTrimPlugin(): Plugin {
  return {
    name: "react-router-trim",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: REACT_ROUTER_FILE },
      handler(code, id) {
        const trimmed = trimReactRouter(code);
        if (code.includes("ENABLE_DEV_WARNINGS = ") && !code.includes(DEV_WARNINGS)) {
          this.error(`${id} no longer declares "${DEV_WARNINGS}": check what React Router's warnings switch is now.`);
        }
        for (const { feature, declaredBy, find } of UNUSED_FEATURES) {
          if (code.includes(declaredBy) && code.match(find) === null) {
            this.error(`${id} declares "${declaredBy}" but no longer tests for ${feature} as expected: check React Router's source.`);
          }
        }
        return trimmed === code ? undefined : trimmed;
      },
    },
  };
}

/** The text edits, apart so a test can hold them to React Router's source. */
export function trimReactRouter(code: string): string {
  const trimmed = code
    .replace(DEV_WARNINGS, "var ENABLE_DEV_WARNINGS = false;")
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
    .replace(/(?<!\/\* @__PURE__ \*\/ )\bReact\d*\.forwardRef\(/g, (call) => `/* @__PURE__ */ ${call}`);
  return UNUSED_FEATURES.reduce((text, { find, replace }) => text.replace(find, replace), trimmed);
}
