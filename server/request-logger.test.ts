import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it, vi } from "vitest";
import { requestLogger } from "./request-logger.ts";

function loggerAt(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  return { log: Fastify({ logger: { level, stream } }).log, lines };
}

describe("a request's logger", () => {
  it("makes no pino child for lines below the level, and one, bound to the request, for the lines it writes", () => {
    const { log, lines } = loggerAt("warn");
    const child = vi.spyOn(log, "child");
    const logger = requestLogger(log, { reqId: "r-1" }, {}) as typeof log & { isLevelEnabled(level: string): boolean };
    logger.info({ route: "/" }, "request");
    logger.debug("details");
    expect(logger.isLevelEnabled("info")).toBe(false);
    expect(child).not.toHaveBeenCalled();
    logger.warn("slow");
    logger.error({ status: 500 }, "failed");
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map(({ reqId, msg, level }) => ({ reqId, msg, level }))).toEqual([
      { reqId: "r-1", msg: "slow", level: 40 },
      { reqId: "r-1", msg: "failed", level: 50 },
    ]);
  });

  it("writes info lines with the request id when the level allows them", () => {
    const { log, lines } = loggerAt("info");
    requestLogger(log, { reqId: "r-2" }, {}).info({ status: 200 }, "request");
    expect(lines).toEqual([expect.objectContaining({ reqId: "r-2", status: 200, msg: "request" })]);
  });
});
