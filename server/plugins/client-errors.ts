import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { SECURITY_HEADERS } from "./security-headers.ts";

const answers: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: "The request took too long to arrive." },
  HPE_HEADER_OVERFLOW: { status: 431, message: "The request's headers are too large." },
};

/**
 * Requests Node refuses before Fastify sees them (malformed, oversized headers,
 * too slow) get the same security headers and `{ err_msg }` body as any other
 * refusal, then the connection closes.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (socket.writable) {
    const { status, message } = answers[error.code ?? ""] ?? { status: 400, message: "The request is not valid HTTP." };
    const body = JSON.stringify({ err_msg: message });
    const headers = {
      ...SECURITY_HEADERS,
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      "cache-control": "no-store",
      connection: "close",
    };
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join("\r\n")}\r\n\r\n${body}`);
  }
  socket.destroy();
}
