/**
 * The embedded database's own thread: PGlite runs here, so a query never
 * holds up the event loop that answers pages and the price. The main thread
 * (server/db/embedded-database.ts) sends one request at a time, which is
 * what lets the statements it prepares share PGlite's one connection.
 */
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types } from "@electric-sql/pglite";
import type { WorkerReply, WorkerRequest } from "./embedded-database.ts";
import { PreparedStatements } from "./pglite-statements.ts";

/** Dates, intervals and their arrays as PostgreSQL's text: drizzle's own mappers read them (what its PGlite driver asks for). */
const keepText = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [
    type,
    (value: string) => value,
  ]),
);

/** An error as plain fields: its SQLSTATE code and constraint must reach the code that tells a unique violation from an outage. */
function plainError(error: unknown): WorkerReply["error"] {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(error)) if (typeof value === "string" || typeof value === "number") fields[name] = value;
  return { ...fields, name: error.name, message: error.message };
}

const port = parentPort;
if (!port) throw new Error("pglite-worker.ts runs as a worker thread");
const { dataDir, loadDataDir } = workerData as { dataDir?: string; loadDataDir?: ArrayBuffer };

try {
  const database = new PGlite({ dataDir, loadDataDir: loadDataDir ? new Blob([loadDataDir]) : undefined });
  await database.waitReady;
  const statements = new PreparedStatements(database);
  port.on("message", async (request: WorkerRequest) => {
    try {
      let result: unknown;
      if (request.op === "query") {
        result = await statements.query(request.sql, request.params, {
          rowMode: request.rowMode,
          parsers: request.keepText ? keepText : undefined,
        });
      } else if (request.op === "dump") {
        const dump = await database.dumpDataDir("none");
        result = await dump.arrayBuffer();
      } else {
        await database.close();
        result = null;
      }
      port.postMessage({ id: request.id, result } satisfies WorkerReply);
    } catch (error) {
      port.postMessage({ id: request.id, error: plainError(error) } satisfies WorkerReply);
    }
  });
  port.postMessage({ id: 0, result: "ready" } satisfies WorkerReply);
} catch (error) {
  port.postMessage({ id: 0, error: plainError(error) } satisfies WorkerReply);
}
