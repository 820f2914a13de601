/**
 * How an error is logged: its kind, code, message and stack, and those of its
 * causes, never the values a query carried. Drizzle puts every parameter in
 * its message (a username, a typed password), and the database quotes the
 * value it refused in its own, so both are cut out.
 */
export type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

export function logSafeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "(not an Error)", stack: "" };
  const fields = error as Error & { query?: unknown; params?: unknown; code?: unknown; severity?: unknown; constraint?: unknown };
  const fromQuery = fields.params !== undefined && typeof fields.query === "string";
  const fromDatabase = typeof fields.code === "string" && typeof fields.severity === "string";
  const message = fromQuery
    ? `Failed query: ${fields.query}`
    : fromDatabase
      ? error.message.replace(/"[^"]*"/g, '"[redacted]"')
      : error.message;
  // Only the frames: the stack's first lines repeat the message.
  const stack = (error.stack ?? "")
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .join("\n");
  return {
    type: error.name,
    message,
    ...(typeof fields.code === "string" ? { code: fields.code } : {}),
    ...(typeof fields.constraint === "string" ? { constraint: fields.constraint } : {}),
    stack,
    ...(error.cause !== undefined && depth < 4 ? { cause: logSafeError(error.cause, depth + 1) } : {}),
  };
}
