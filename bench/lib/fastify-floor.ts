/**
 * The Node floor for static pages: a bare Fastify instance (no logger, no
 * hooks, no plugins) answering each of the given paths with the exact bytes
 * and headers the product sent for it. Run as its own process by
 * bench/static-pages.ts: `node --import tsx bench/lib/fastify-floor.ts <port> <product url> <path>...`.
 */
import { request } from "node:http";
import Fastify from "fastify";

const [port, productUrl, ...paths] = process.argv.slice(2);

/** Headers Node writes itself; every other header the product sent is copied. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function capture(url: string): Promise<{ headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!OWN_HEADERS.has(name) && typeof value === "string") headers[name] = value;
        }
        resolve({ headers, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end();
  });
}

const app = Fastify({ logger: false });
for (const pagePath of paths) {
  const { headers, body } = await capture(`${productUrl}${pagePath}`);
  app.get(pagePath, (_request, reply) => reply.headers(headers).send(body));
}
await app.listen({ host: "127.0.0.1", port: Number(port) });
console.log("ready");
