import type { Plugin } from "vite";

/** React Router's files as its package exports them: one build, its development warnings switched on. */
const REACT_ROUTER_FILE = /\/node_modules\/react-router\/dist\/development\/[^/]+\.mjs$/;
const DEV_WARNINGS = "var ENABLE_DEV_WARNINGS = true;";

/**
 * React Router in the browser without what only a developer sees (decision 066). Its package exports one build, with
 * the development warnings on and a `displayName` set on every component and context for React's DevTools; each of
 * those assignments, and the `forwardRef` calls without a pure mark, keep components the app never uses (`Form`,
 * `useSubmit`, `HistoryRouter`…) in the bundle. The client build switches the warnings off as React Router's own
 * production copy does, drops the names and marks the `forwardRef` calls pure, so the bundler leaves out what no page
 * renders. The prerender keeps the package as it is: none of this changes what a page renders.
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
        return trimmed === code ? undefined : trimmed;
      },
    },
  };
}

/** The text edits, apart so a test can hold them to React Router's source. */
export function trimReactRouter(code: string): string {
  return code
    .replace(DEV_WARNINGS, "var ENABLE_DEV_WARNINGS = false;")
    .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, "")
    .replace(/(?<!\/\* @__PURE__ \*\/ )\bReact\d*\.forwardRef\(/g, (call) => `/* @__PURE__ */ ${call}`);
}
