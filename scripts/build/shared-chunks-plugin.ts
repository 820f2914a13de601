import path from "node:path";
import type { Plugin } from "vite";
import { ARTICLE_SCRIPT } from "./article-script-plugin.ts";

/** Entries whose static imports every React page loads anyway. */
const SHELL_ENTRIES = ["app/root.tsx", "app/layout/site-layout.tsx"];

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

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
 * - what the articles' script imports: one chunk, which the React pages that
 *   share its modules load too;
 * - the rest of what the root and the site's layout import from the app.
 * Only the client build is grouped; node_modules stay where the bundler puts them.
 */
export function sharedChunksPlugin(): Plugin {
  const article = new Set<string>();
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
                  { name: "article-shared", priority: 2, test: (id: string) => article.has(id) },
                  { name: "shell", priority: 1, test: (id: string) => shell.has(id) },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      // A module in both sets goes to the article chunk: its group has the higher priority.
      for (const id of staticImports(this, path.resolve(ARTICLE_SCRIPT))) if (fromApp(id)) article.add(id);
      for (const entry of SHELL_ENTRIES) {
        for (const id of staticImports(this, path.resolve(entry))) if (fromApp(id)) shell.add(id);
      }
    },
  };
}
