import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { releaseGate } from "./hold.ts";

/**
 * A server in front of the site that sends one page in two parts, cut inside
 * its header, and the second part only on `release()`: what a busy browser or
 * a slow network makes of a page it could paint half-parsed. Everything else
 * passes through.
 */
export async function serveSplitPage(siteUrl: string, pagePath: string): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  const { released, release } = releaseGate();
  const server = createServer(async (request, response) => {
    const upstream = await fetch(new URL(request.url ?? "/", siteUrl), { headers: { cookie: request.headers.cookie ?? "" } });
    const body = Buffer.from(await upstream.arrayBuffer());
    const headers = [...upstream.headers].filter(
      ([name]) => !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name),
    );
    response.writeHead(upstream.status, Object.fromEntries(headers));
    if (request.url !== pagePath) return response.end(body);
    const firstItemEnd = body.indexOf("</li>", body.indexOf("<header"));
    if (firstItemEnd === -1) throw new Error(`${pagePath} has no list in its header to cut`);
    const cut = firstItemEnd + "</li>".length;
    response.write(body.subarray(0, cut));
    await released;
    response.end(body.subarray(cut));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${pagePath}`,
    release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
