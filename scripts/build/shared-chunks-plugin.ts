import path from "node:path";
import type { Plugin } from "vite";
import { ARTICLE_SCRIPT } from "./article-script-plugin.ts";

/** What every form is made of: one chunk instead of a dozen of a few hundred bytes, each a request and a route manifest entry's import. */
const FORM_PARTS =
  /\/app\/(components\/ui\/(card-section|text-field|labelled-field|form-message|submit-button|needs-javascript)\.tsx|lib\/(use-api-form|use-form-fields|use-csrf-token|use-hydrated)\.ts)$/;

/** Entries whose static imports every React page loads anyway. */
const SHELL_ENTRIES = ["app/root.tsx", "app/layout/site-layout.tsx"];

type ModuleInfo = { importedIds: readonly string[]; isEntry: boolean; dynamicImporters: readonly string[] };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null; getModuleIds(): IterableIterator<string> };

/** The modules an entry imports, statically, at any depth, itself left out. */
function staticImports(graph: ModuleGraph, entry: string): Set<string> {
  const found = new Set<string>();
  const queue = [...(graph.getModuleInfo(entry)?.importedIds ?? [])];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (found.has(id) || id === entry) continue;
    found.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * Fewer, larger chunks for what every page loads. Left to itself the bundler
 * cut the modules shared by the articles' script and the React pages, and
 * those of the site's layout, into some twenty chunks of about 1 KB. Over
 * HTTP/1.1 a phone fetches six at a time, so the home page's first paint
 * waited on four more round trips (Lighthouse mobile fell from 98 to 93).
 * Two groups instead, found from the module graph once it is built:
 * - what the articles' script imports and a React page imports too: one
 *   chunk, which both load (what only the articles use, such as the home
 *   page's market, is a chunk of its own, off the React pages);
 * - the rest of what the root and the site's layout import from the app.
 * Only the client build is grouped; node_modules stay where the bundler puts them.
 */
export function sharedChunksPlugin(articleRoutes: readonly string[]): Plugin {
  const articleRoute = new Set(articleRoutes.map((file) => path.resolve("app", file)));
  const article = new Set<string>();
  const articleOwn = new Set<string>();
  const shell = new Set<string>();
  const fromApp = (id: string) => !id.includes("/node_modules/");
  return {
    name: "shared-chunks",
    apply: "build",
    configEnvironment(name) {
      if (name !== "client") return;
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "article-shared", priority: 3, test: (id: string) => article.has(id) },
                  { name: "article-own", priority: 2, test: (id: string) => articleOwn.has(id) },
                  { name: "shell", priority: 1, test: (id: string) => shell.has(id) },
                  { name: "form-parts", priority: 0, test: (id: string) => FORM_PARTS.test(id) },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      const articleScript = path.resolve(ARTICLE_SCRIPT);
      const react = new Set<string>();
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        // An article's route module runs only when a React page navigates to it: it does not make a module shared.
        if (id === articleScript || articleRoute.has(id.split("?")[0] as string)) continue;
        if (!(info?.isEntry || info?.dynamicImporters.length)) continue;
        react.add(id);
        for (const imported of staticImports(this, id)) react.add(imported);
      }
      // A module in both sets goes to the article chunk: its group has the higher priority.
      for (const id of staticImports(this, articleScript)) if (fromApp(id)) (react.has(id) ? article : articleOwn).add(id);
      for (const entry of SHELL_ENTRIES) {
        for (const id of staticImports(this, path.resolve(entry))) if (fromApp(id)) shell.add(id);
      }
    },
  };
}
