import { type PGlite, parse, protocol, type Results } from "@electric-sql/pglite";

/** How many statement texts stay prepared; past it, the one used longest ago is closed. */
const PREPARED_CAPACITY = 256;

type Prepared = { name: string; paramTypes: number[] };

/** A value's parser for each PostgreSQL type id, as PGlite keeps them. */
type Parsers = PGlite["parsers"];

/** As PGlite's `query` takes them: `parsers` replace PGlite's own for their types. */
type StatementOptions = { rowMode?: "array" | "object"; parsers?: Parsers };

/** SQLSTATE 0A000 with this text: a table under a cached statement changed its columns. */
const RESULT_TYPE_CHANGED = "cached plan must not change result type";

/** Statement names count on across instances, which may share a connection. */
let nextName = 1;

/**
 * Queries through named prepared statements, one per statement text, as the
 * PostgreSQL server keeps them for each pooled connection. PGlite's own
 * `query` parses, describes and plans a statement on every call, in six calls
 * into the database; a prepared statement is planned once and runs in one
 * call. Planning reads the size of every table and index a statement touches,
 * each read a file-system call out of WebAssembly: a dashboard cost the
 * database thread 710 µs before, 280 µs after (decision 033).
 */
export class PreparedStatements {
  readonly #database: PGlite;
  readonly #capacity: number;
  readonly #prepared = new Map<string, Prepared>();
  readonly #parserViews = new WeakMap<Parsers, Parsers>();

  constructor(database: PGlite, { capacity = PREPARED_CAPACITY } = {}) {
    this.#database = database;
    this.#capacity = capacity;
  }

  async query(text: string, params: unknown[], { rowMode, parsers }: StatementOptions = {}): Promise<Results> {
    const statement = this.#prepared.get(text) ?? (await this.#prepare(text));
    // Map keeps insertion order: moving a used statement to the end keeps the one used longest ago first.
    this.#prepared.delete(text);
    this.#prepared.set(text, statement);
    const values = params.map((value, index) => this.#serialize(value, statement.paramTypes[index]));
    try {
      const { messages } = await this.#database.execProtocol(
        Buffer.concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
      );
      return parse.parseResults(messages, this.#parsers(parsers), { rowMode })[0] as Results;
    } catch (error) {
      // The next call prepares the statement again, for the table's new columns.
      if (error instanceof Error && error.message.includes(RESULT_TYPE_CHANGED)) await this.#close(text);
      throw error;
    }
  }

  async #prepare(text: string): Promise<Prepared> {
    const name = `prepared_${nextName++}`;
    const { messages } = await this.#database.execProtocol(
      Buffer.concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    if (this.#prepared.size >= this.#capacity) {
      const [oldest] = this.#prepared.keys();
      if (oldest !== undefined) await this.#close(oldest);
    }
    return prepared;
  }

  async #close(text: string): Promise<void> {
    const statement = this.#prepared.get(text);
    if (!statement) return;
    this.#prepared.delete(text);
    await this.#database.execProtocol(
      Buffer.concat([protocol.serialize.close({ type: "S", name: statement.name }), protocol.serialize.sync()]),
    );
  }

  /**
   * PGlite's parsers with `overrides` in front, built once for each overrides
   * object. PGlite's own `query` copies all its parsers (several hundred
   * types) into a new object on every call that brings parsers of its own:
   * a dashboard's 280 µs on the database thread became 170 µs without it.
   * The view reads through to PGlite's object, which PGlite fills in place as
   * it learns array types.
   */
  #parsers(overrides: Parsers | undefined): Parsers {
    const defaults = this.#database.parsers;
    if (!overrides) return defaults;
    let view = this.#parserViews.get(overrides);
    if (!view || Object.getPrototypeOf(view) !== defaults) {
      view = Object.assign(Object.create(defaults) as Parsers, overrides);
      this.#parserViews.set(overrides, view);
    }
    return view;
  }

  /** A value as PGlite's own `query` sends it: by the parameter's type, else as its string. */
  #serialize(value: unknown, type: number | undefined): string | null {
    if (value === null || value === undefined) return null;
    const serializer = type === undefined ? undefined : this.#database.serializers[type];
    return serializer ? serializer(value) : String(value);
  }
}
