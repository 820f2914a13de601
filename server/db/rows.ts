/** PostgreSQL's type ids for the columns whose JavaScript type a raw row fixes here. */
const TIMESTAMPTZ = 1184;
const INT8 = 20;

/** A raw result as both drivers hand it over: the rows by column name, and each column's type id. */
export type RawResult = { rows: unknown[]; fields: ReadonlyArray<{ name: string; dataTypeID: number }> };

type Decoder = (value: unknown) => unknown;

/** Drizzle asks both drivers for timestamps as PostgreSQL's text, so that its builder can map them by column. */
const toDate: Decoder = (value) => new Date(value as string);
/** node-postgres keeps int8 as its text; PGlite reads it as a number, or a bigint past 2^53. */
const toText: Decoder = (value) => (typeof value === "string" ? value : String(value));

const decoders = new Map<number, Decoder>([
  [TIMESTAMPTZ, toDate],
  [INT8, toText],
]);

/**
 * The rows of a raw statement in one set of JavaScript types, on PGlite and
 * on node-postgres alike:
 * - timestamptz: a Date;
 * - int8 (bigint, count(*)) and numeric: a string, the exact decimal. Amounts
 *   are never floats: read them with BigInt; cast a count to int in SQL
 *   (`count(*)::int`) to get a number;
 * - int2, int4, float, boolean, text: as both drivers already read them;
 * - json and jsonb: the parsed value, as both drivers already read them
 *   (timestamps inside stay JSON's strings);
 * - date: its text (YYYY-MM-DD), as drizzle's date columns in string mode.
 */
export function decodeRows<Row>({ rows, fields }: RawResult): Row[] {
  const columns: Array<[string, Decoder]> = [];
  for (const field of fields) {
    const decoder = decoders.get(field.dataTypeID);
    if (decoder) columns.push([field.name, decoder]);
  }
  if (columns.length > 0) {
    for (const row of rows as Array<Record<string, unknown>>) {
      for (const [name, decode] of columns) {
        const value = row[name];
        if (value !== null && value !== undefined) row[name] = decode(value);
      }
    }
  }
  return rows as Row[];
}
