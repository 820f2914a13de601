import type { FastifyBaseLogger } from "fastify";

type Bindings = Parameters<FastifyBaseLogger["child"]>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger["child"]>[1]>;

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type LevelledLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a pino child (bound to the request id) only
 * when a line is written at an enabled level. Pino builds a child at once,
 * serializing and redacting its bindings, for every request, though most
 * requests, and every page, never write a line below `info`.
 */
class RequestLogger {
  private made: LevelledLogger | null = null;

  constructor(
    private readonly parent: LevelledLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): LevelledLogger {
    this.made ??= this.parent.child(this.bindings, this.options) as LevelledLogger;
    return this.made;
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    (this.real()[level] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }
  set level(level: string) {
    this.real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.made ?? this.parent).isLevelEnabled(level);
  }
  readonly fatal = (...args: unknown[]): void => this.write("fatal", args);
  readonly error = (...args: unknown[]): void => this.write("error", args);
  readonly warn = (...args: unknown[]): void => this.write("warn", args);
  readonly info = (...args: unknown[]): void => this.write("info", args);
  readonly debug = (...args: unknown[]): void => this.write("debug", args);
  readonly trace = (...args: unknown[]): void => this.write("trace", args);
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child of a pino logger; a route's own log level, or a logger without levels, gets its child at once. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const levelled = logger as Partial<LevelledLogger>;
  if (options.level || typeof levelled.isLevelEnabled !== "function") return logger.child(bindings, options);
  return new RequestLogger(logger as LevelledLogger, bindings, options) as unknown as FastifyBaseLogger;
}
