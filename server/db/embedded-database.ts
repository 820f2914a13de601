import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

type QueryOptions = { rowMode?: "array" | "object"; parsers?: unknown };
type QueryResult = { rows: unknown[]; fields: unknown[]; affectedRows?: number };

export type WorkerRequest =
  | { id: number; op: "query"; sql: string; params: unknown[]; rowMode: "array" | "object" | undefined; keepText: boolean }
  | { id: number; op: "dump" }
  | { id: number; op: "close" };

type Unsent = WorkerRequest extends infer Request ? (Request extends WorkerRequest ? Omit<Request, "id"> : never) : never;

export type WorkerReply = { id: number; result?: unknown; error?: { message: string; [field: string]: unknown } };

/** What drizzle's PGlite driver calls inside a transaction. */
type TransactionClient = { query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> };

/** SQLSTATE 57P01 (admin shutdown): the API answers 503 and the request may be retried. */
const STOPPED = { code: "57P01", message: "The embedded database stopped." };

/** Runs as TypeScript through tsx in tests and benchmarks, as JavaScript from build/node in production. */
const workerFile = fileURLToPath(new URL(`./pglite-worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/**
 * PGlite in a worker thread, with the calls drizzle's PGlite driver makes
 * (query, transaction) and the dump the tests start from. PGlite has a single
 * connection: a transaction holds it until it ends, and every other query
 * waits its turn, as in PGlite itself.
 */
export class EmbeddedDatabase {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #turn: Promise<unknown> = Promise.resolve();
  #stopped = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on("message", (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (reply.error) pending?.reject(Object.assign(new Error(reply.error.message), reply.error));
      else pending?.resolve(reply.result);
    });
    const stop = (error: Error) => {
      this.#stopped = true;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    worker.on("error", (error) => stop(Object.assign(error, { code: STOPPED.code })));
    worker.on("exit", () => stop(Object.assign(new Error(STOPPED.message), STOPPED)));
  }

  /** `dataDir` undefined keeps the database in memory; `loadDataDir` starts from a dump. */
  static async open({ dataDir, loadDataDir }: { dataDir?: string; loadDataDir?: Blob }): Promise<EmbeddedDatabase> {
    const workerData = { dataDir, loadDataDir: loadDataDir ? await loadDataDir.arrayBuffer() : undefined };
    const worker = workerFile.endsWith(".ts")
      ? new Worker(
          `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(pathToFileURL(workerFile).href)}); });`,
          { eval: true, workerData },
        )
      : new Worker(workerFile, { workerData });
    const database = new EmbeddedDatabase(worker);
    try {
      await database.#request({ op: "query", sql: "select 1", params: [], rowMode: undefined, keepText: false });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    return database;
  }

  #request(request: Unsent): Promise<unknown> {
    if (this.#stopped) return Promise.reject(Object.assign(new Error(STOPPED.message), STOPPED));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #send(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<QueryResult> {
    const message = { op: "query" as const, sql, params, rowMode: options?.rowMode, keepText: options?.parsers !== undefined };
    return this.#request(message) as Promise<QueryResult>;
  }

  /** Work that needs the connection to itself, after everything queued before it. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#turn.then(work);
    this.#turn = result.catch(() => {});
    return result;
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult> {
    return this.#exclusive(() => this.#send(sql, params, options));
  }

  transaction<T>(work: (client: TransactionClient) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      await this.#send("begin");
      try {
        const result = await work({ query: (sql, params, options) => this.#send(sql, params, options) });
        await this.#send("commit");
        return result;
      } catch (error) {
        await this.#send("rollback").catch(() => {});
        throw error;
      }
    });
  }

  async dumpDataDir(): Promise<Blob> {
    const dump = (await this.#exclusive(() => this.#request({ op: "dump" }))) as ArrayBuffer;
    return new Blob([dump]);
  }

  /** Finishes the queued work, closes PGlite (which flushes its files), then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#exclusive(() => this.#request({ op: "close" }));
    this.#stopped = true;
    await this.#worker.terminate();
  }
}
