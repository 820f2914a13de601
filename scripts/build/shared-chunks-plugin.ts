import path from "node:path";
import type { Plugin } from "vite";

/**
 * What the member pages' forms are made of (the fields, the form hook and its checks, the
 * card page, the return path): one chunk instead of a dozen of a few hundred bytes, each a request, a gzip stream of
 * its own and an entry in every route's list of imports.
 */
const FORM_PARTS =
  /\/(app\/(components\/ui\/(card-section|text-field|labelled-field|form-message|submit-button|needs-javascript)\.tsx|lib\/(use-api-form|use-form-fields|use-csrf-token|use-hydrated)\.ts|layout\/card-page\.tsx|features\/auth\/(return-path|use-redirect-if-authenticated)\.ts)|common\/(form-check|account-rules|check-fields)\.ts)$/;

/** What the forms that make or change a sign-in share (sign-up, the new password, the account page): the new password's fields, the way on to log in, the refusal of a throwaway address. */
const CREDENTIAL_PARTS =
  /\/(app\/(components\/ui\/new-password-fields|features\/auth\/log-in-next)\.tsx|common\/api\/auth\.ts#DISPOSABLE_EMAIL)$/;

/** What the member's pages (the dashboard, the quests) share: their data's loading, and of the token: amounts, the price, the wallets in the browser, payouts' texts, Copy buttons. */
const MEMBER_PARTS =
  /\/(app\/lib\/(token-amount|eip6963|wallet-discovery|copy-buttons|clipboard)\.ts|app\/features\/auth\/use-member-data\.ts|app\/components\/ui\/copy-button\.tsx|app\/features\/price\/(token-price|use-token-price)\.ts|common\/api\/(payouts|price)\.ts(#\w+)?)$/;

/** Imported by every page's route module (its title and description), so it goes with the shell. */
const EVERY_PAGE = /\/app\/lib\/page-meta\.ts$/;

/** Entries whose static imports every React page loads anyway. */
const SHELL_ENTRIES = ["app/root.tsx", "app/layout/site-layout.tsx"];

type ModuleInfo = { importedIds: readonly string[] };
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };

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
 * Fewer, larger chunks for what every React page loads. Left to itself the
 * bundler cut the modules of the site's layout, and those every form uses,
 * into some twenty chunks of a few hundred bytes: each costs a request (a
 * phone over HTTP/1.1 fetches six at a time), its own gzip stream and a line
 * in the route manifest. Four groups instead:
 * - the shell: what the root and the site's layout import from the app, found
 *   from the module graph once it is built, and the page titles' module;
 * - the form parts (FORM_PARTS), the member parts (MEMBER_PARTS) and the
 *   credential parts (CREDENTIAL_PARTS).
 * Only the client build is grouped; node_modules stay where the bundler puts
 * them. The articles' script is built apart (article-script-plugin.ts).
 */
export function sharedChunksPlugin(): Plugin {
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
                  { name: "shell", priority: 1, test: (id: string) => shell.has(id) || EVERY_PAGE.test(id) },
                  { name: "form-parts", priority: 0, test: (id: string) => FORM_PARTS.test(id) },
                  { name: "member-parts", priority: 0, test: (id: string) => MEMBER_PARTS.test(id) },
                  { name: "credential-parts", priority: 0, test: (id: string) => CREDENTIAL_PARTS.test(id) },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      if (this.environment.name !== "client") return;
      for (const entry of SHELL_ENTRIES) {
        for (const id of staticImports(this, path.resolve(entry))) if (fromApp(id)) shell.add(id);
      }
    },
  };
}
