/** A unique-index violation (SQLSTATE 23505) on the named constraint, from either driver (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = current as { code?: string; constraint?: string; message?: string };
    if (code === "23505" && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** The database is unreachable or restarting (as opposed to a query being wrong): the request may be retried. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const { code, message } = current as { code?: string; message?: string };
    if ((code && UNAVAILABLE_CODES.has(code)) || (message && UNAVAILABLE_MESSAGES.test(message))) return true;
  }
  return false;
}
