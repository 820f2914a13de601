import type { Plugin } from "vite";

const VIRTUAL_ID = "virtual:article-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** The articles' script, which shared-chunks-plugin.ts also groups by. */
export const ARTICLE_SCRIPT = "app/enhance/article.ts";

/**
 * Builds the articles' own script (app/enhance/article.ts) as a chunk of the
 * client build, and tells the prerender its hashed URL through
 * `virtual:article-script` (decision 053), with the chunks it imports, which
 * the page preloads so they do not wait for the script to be parsed. The client
 * build runs first, so the names are known when the server build, which
 * prerenders, asks.
 */
export function articleScriptPlugin(): Plugin {
  let reference: string | undefined;
  let script: { url: string; imports: string[] } | undefined;
  let serving = false;
  return {
    name: "article-script",
    configResolved(config) {
      serving = config.command === "serve";
    },
    buildStart() {
      if (!serving && this.environment.name === "client") reference = this.emitFile({ type: "chunk", id: ARTICLE_SCRIPT, name: "article" });
    },
    generateBundle(_, bundle) {
      if (!reference || this.environment.name !== "client") return;
      const fileName = this.getFileName(reference);
      const chunk = bundle[fileName];
      script = { url: `/${fileName}`, imports: chunk?.type === "chunk" ? chunk.imports.map((name) => `/${name}`) : [] };
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (serving || this.environment.name === "client")
        return `export default ${JSON.stringify({ url: `/${ARTICLE_SCRIPT}`, imports: [] })};`;
      if (!script) throw new Error("The articles' script must be built by the client build before the server build prerenders.");
      return `export default ${JSON.stringify(script)};`;
    },
  };
}
