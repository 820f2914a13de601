import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { releaseGate } from "./hold.ts";

/** Every upstream header but those of its connection and encoding, which no longer hold: fetch decoded the body, and Node frames this answer. */
function headersPassedOn(upstream: Response): Record<string, string> {
  return Object.fromEntries(
    [...upstream.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name)),
  );
}

/**
 * A server in front of the site that sends one page in two parts, cut inside
 * its header, and the second part only on `release()`: what a busy browser or
 * a slow network makes of a page it could paint half-parsed. Everything else
 * passes through. A page with no list in its header to cut fails here, before
 * the browser asks for it.
 */
export async function serveSplitPage(siteUrl: string, pagePath: string): Promise<{ url: string; release(): void; close(): Promise<void> }> {
  const pageAnswer = await fetch(new URL(pagePath, siteUrl));
  const page = Buffer.from(await pageAnswer.arrayBuffer());
  const firstItemEnd = page.indexOf("</li>", page.indexOf("<header"));
  if (!pageAnswer.ok || firstItemEnd === -1) throw new Error(`${pagePath} (${pageAnswer.status}) has no list in its header to cut`);
  const cut = firstItemEnd + "</li>".length;

  const { released, release } = releaseGate();
  const server = createServer(async (request, response) => {
    if (request.url === pagePath) {
      response.writeHead(pageAnswer.status, headersPassedOn(pageAnswer));
      response.write(page.subarray(0, cut));
      await released;
      return response.end(page.subarray(cut));
    }
    const upstream = await fetch(new URL(request.url ?? "/", siteUrl), { headers: { cookie: request.headers.cookie ?? "" } });
    response.writeHead(upstream.status, headersPassedOn(upstream));
    response.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${pagePath}`,
    release,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
