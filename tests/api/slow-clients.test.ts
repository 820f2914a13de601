import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/test-app.ts";

type Opened = { socket: Socket; received: () => string; closed: Promise<void> };

async function open(port: number): Promise<Opened> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => {
    received += chunk.toString();
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, received: () => received, closed };
}

/** The parsed status line and headers of a raw answer. */
function parse(raw: string) {
  const [head = ""] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 2)]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: raw.slice(head.length + 4) };
}

describe("clients that send slowly, too much, or not HTTP", () => {
  let port = 0;
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const built = await buildTestApp({ env: { HEADERS_TIMEOUT_MS: "1000", REQUEST_TIMEOUT_MS: "1500", MAX_CONNECTIONS: "3" } });
    close = built.close;
    await built.app.listen({ host: "127.0.0.1", port: 0 });
    port = (built.app.server.address() as { port: number }).port;
  });
  afterAll(() => close());

  it("cuts off a request whose body trickles in, with 408 and the security headers", async () => {
    const client = await open(port);
    client.socket.write("POST /api/signin HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{");
    // No deadline of our own: the server's timeout (1.5 s) must close it; the test only waits for that.
    await client.closed;
    const answer = parse(client.received());
    expect(answer.status).toBe(408);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(JSON.parse(answer.body)).toEqual({ err_msg: "The request took too long to arrive." });
  });

  it("answers a malformed request and oversized headers with the security headers and err_msg", async () => {
    const malformed = await open(port);
    malformed.socket.write("THIS IS NOT HTTP\r\n\r\n");
    await malformed.closed;
    const bad = parse(malformed.received());
    expect(bad.status).toBe(400);
    expect(bad.headers["strict-transport-security"]).toContain("max-age=");
    expect(bad.headers["x-frame-options"]).toBe("DENY");
    expect(JSON.parse(bad.body)).toEqual({ err_msg: "The request is not valid HTTP." });

    const oversized = await open(port);
    oversized.socket.write(`GET / HTTP/1.1\r\nhost: localhost\r\nx-big: ${"a".repeat(20_000)}\r\n\r\n`);
    await oversized.closed;
    const tooBig = parse(oversized.received());
    expect(tooBig.status).toBe(431);
    expect(tooBig.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("closes connections past the cap straight away, and serves the ones within it", async () => {
    const held = await Promise.all([open(port), open(port), open(port)]);
    const extra = await open(port);
    await extra.closed;
    expect(extra.received()).toBe("");
    const [first] = held;
    first?.socket.write("GET /healthz HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n\r\n");
    await first?.closed;
    expect(parse(first?.received() ?? "").status).toBe(200);
    for (const { socket } of held) socket.destroy();
  });
});
