import type { BrowserContext } from "@playwright/test";

/**
 * The browser reaches `server` for everything, and its pages and their assets are fetched from the suite's server.
 * A server configured for another token (a local node's token, pool and quests) must not serve the build: the
 * build was made from the demo's configuration, and the server refuses one made from another. The pages take
 * from the configuration only what both share (the token's name and symbol); every API answer is `server`'s own.
 */
export async function borrowPages(context: BrowserContext, { server, pages }: { server: string; pages: string }): Promise<void> {
  const origin = new URL(server).origin;
  await context.route(
    (url) => url.origin === origin && !/^\/(api|__e2e__)\//.test(url.pathname),
    async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${pages}${url.pathname}${url.search}` }) });
    },
  );
}
