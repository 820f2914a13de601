import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Plugin, runnerImport } from "vite";
import { type Exports, formChecksModule, type Libraries } from "./form-checks-module.ts";

const COMMON = path.resolve("common");
const API = path.join(COMMON, "api");
const FORM_CHECK = path.join(COMMON, "form-check.ts");
const PREFIX = "\0form-checks:";
/** One export of a browser copy: `${PREFIX}${file}${EXPORT}${name}`. */
const EXPORT = "#";
const ENTRY = "\0form-checks-entry";

const sources = (folder: string) =>
  readdirSync(folder)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => path.join(folder, name));
/** Modules of common/ that never load zod's code (types apart): the browser may import their functions. */
const zodFree = (file: string) => !/^import\s+(?!type\b)[^;]*from\s+["']zod/m.test(readFileSync(file, "utf8"));

/** Every module of common/api and the zod-free ones beside it, loaded once in Node, so a function is the same object wherever it is found. */
async function loadCommon(): Promise<{ api: Map<string, Exports>; libraries: Libraries }> {
  const api = sources(API);
  const libraries = sources(COMMON).filter(zodFree);
  const files = [...api, ...libraries];
  const entry: Plugin = {
    name: "form-checks-entry",
    resolveId: (id) => (id === ENTRY ? id : undefined),
    load: (id) => (id === ENTRY ? files.map((file, index) => `export * as m${index} from ${JSON.stringify(file)};`).join("\n") : undefined),
  };
  const { module } = await runnerImport<Record<string, Exports>>(ENTRY, { plugins: [entry], logLevel: "warn" });
  const exportsOf = (file: string) => module[`m${files.indexOf(file)}`] as Exports;
  return {
    api: new Map(api.map((file) => [file, exportsOf(file)])),
    libraries: new Map(libraries.map((file) => [file, exportsOf(file)])),
  };
}

/**
 * The browser gets the forms' schemas compiled to plain checks instead of zod
 * (decision 060): a page's import of a common/api module resolves to its
 * browser copy (form-checks-module.ts). The server, the prerender and the
 * modules of common/api among themselves keep the real ones.
 */
export function formChecksPlugin(): Plugin {
  let common: ReturnType<typeof loadCommon> | undefined;
  return {
    name: "form-checks",
    apply: "build",
    // Before Vite's own resolver, which would otherwise resolve the relative import first.
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer) {
      if (source.startsWith(PREFIX)) return source;
      if (!importer || importer.startsWith(PREFIX) || importer.startsWith(API)) return;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      if (resolved && path.dirname(resolved.id) === API) return `${PREFIX}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return;
      common ??= loadCommon();
      const { api, libraries } = await common;
      const [file = "", name] = id.slice(PREFIX.length).split(EXPORT);
      const exports = api.get(file);
      if (!exports) throw new Error(`form checks: ${file} is not a module of common/api`);
      if (name !== undefined)
        return formChecksModule({ [name]: exports[name] }, libraries, FORM_CHECK, {
          names: Object.keys(exports),
          moduleOf: (sibling) => `${PREFIX}${file}${EXPORT}${sibling}`,
        });
      // Each export a module of its own, so a page's chunk holds the checks and texts it uses, not its neighbours'.
      return Object.keys(exports)
        .map((each) => `export * from ${JSON.stringify(`${id}${EXPORT}${each}`)};`)
        .join("\n");
    },
  };
}
