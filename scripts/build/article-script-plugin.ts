import { build, type Plugin, type PluginOption } from "vite";

const VIRTUAL_ID = "virtual:article-script";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
/** The articles' script. */
export const ARTICLE_SCRIPT = "app/enhance/article.ts";

/** The articles' script bundled on its own, minified, with the plugins it needs (the site's configuration, the compiled form checks). */
async function bundleArticleScript(plugins: () => PluginOption[]): Promise<{ fileName: string; code: string }> {
  const result = await build({
    configFile: false,
    logLevel: "warn",
    plugins: plugins(),
    build: {
      write: false,
      copyPublicDir: false,
      rolldownOptions: { input: ARTICLE_SCRIPT, output: { entryFileNames: "assets/article-[hash].js" } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((bundle) => ("output" in bundle ? bundle.output : []));
  const chunks = outputs.filter((output) => output.type === "chunk");
  const [script] = chunks;
  if (chunks.length !== 1 || !script) {
    throw new Error(`The articles' script must be one file; it was built as ${chunks.map((chunk) => chunk.fileName).join(", ")}.`);
  }
  return { fileName: script.fileName, code: script.code };
}

/**
 * Builds the articles' own script (app/enhance/article.ts, decision 053) as one
 * self-contained file beside the client build's chunks, and tells the prerender
 * its hashed URL through `virtual:article-script`. Built apart from the React
 * pages (decision 066): an article loads one file, and a React page loads none
 * of the articles' code; the few modules both use are in each, a few KB that a
 * visitor who goes on from an article to a React page downloads twice. The
 * client build runs first, so the name is known when the server build, which
 * prerenders, asks.
 */
export function articleScriptPlugin(plugins: () => PluginOption[]): Plugin {
  let url: string | undefined;
  let serving = false;
  return {
    name: "article-script",
    configResolved(config) {
      serving = config.command === "serve";
    },
    async generateBundle() {
      if (serving || this.environment.name !== "client") return;
      const script = await bundleArticleScript(plugins);
      this.emitFile({ type: "asset", fileName: script.fileName, source: script.code });
      url = `/${script.fileName}`;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (serving || this.environment.name === "client") return `export default ${JSON.stringify({ url: `/${ARTICLE_SCRIPT}` })};`;
      if (!url) throw new Error("The articles' script must be built by the client build before the server build prerenders.");
      return `export default ${JSON.stringify({ url })};`;
    },
  };
}
