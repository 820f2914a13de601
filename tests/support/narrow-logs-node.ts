import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

type RpcCall = { id: unknown; method: string; params?: unknown[] };

async function body(request: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text;
}

/**
 * A JSON-RPC node in front of anvil, on loopback, that refuses eth_getLogs
 * over more than `maxBlocks` blocks as providers do (Alchemy's words), and
 * passes every other call through. Counts the refusals and the ranges it answered.
 */
export async function narrowLogsNode(upstream: string, maxBlocks: number) {
  const answered: number[] = [];
  let refused = 0;
  const forward = async (call: RpcCall) => {
    if (call.method === "eth_getLogs") {
      const filter = (call.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const width = Number(BigInt(filter.toBlock ?? "0x0") - BigInt(filter.fromBlock ?? "0x0")) + 1;
      if (width > maxBlocks) {
        refused++;
        return {
          jsonrpc: "2.0",
          id: call.id,
          error: {
            code: -32602,
            message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${maxBlocks} block range.`,
          },
        };
      }
      answered.push(width);
    }
    const reply = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) });
    return reply.json();
  };
  const server = createServer(async (request, response) => {
    const parsed = JSON.parse(await body(request)) as RpcCall | RpcCall[];
    const answer = Array.isArray(parsed) ? await Promise.all(parsed.map(forward)) : await forward(parsed);
    response.setHeader("content-type", "application/json");
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    refused: () => refused,
    answered: () => [...answered],
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
