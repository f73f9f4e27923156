/** Structured logs: one JSON object per line on stdout, the shape log collectors read. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
  /** Whether lines of this level are written: a caller skips building what would be dropped. */
  enabled(level: LogLevel): boolean;
}

/**
 * A logger is one small object: a request's child logger (the request id in every line) is made for
 * every call, so it must cost an allocation, not a set of closures.
 */
class JsonLogger implements Logger {
  constructor(
    private readonly level: keyof typeof ORDER,
    private readonly base: Record<string, unknown>,
    private readonly write: (line: string) => void,
  ) {}

  debug(msg: string, fields?: Record<string, unknown>): void {
    this.emit('debug', msg, fields);
  }
  info(msg: string, fields?: Record<string, unknown>): void {
    this.emit('info', msg, fields);
  }
  warn(msg: string, fields?: Record<string, unknown>): void {
    this.emit('warn', msg, fields);
  }
  error(msg: string, fields?: Record<string, unknown>): void {
    this.emit('error', msg, fields);
  }
  child(fields: Record<string, unknown>): Logger {
    return new JsonLogger(this.level, { ...this.base, ...fields }, this.write);
  }
  enabled(at: LogLevel): boolean {
    return ORDER[at] >= ORDER[this.level];
  }

  private emit(at: LogLevel, msg: string, fields?: Record<string, unknown>): void {
    if (ORDER[at] < ORDER[this.level]) return;
    const extra =
      fields?.err instanceof Error ? { err: { message: fields.err.message, stack: fields.err.stack } } : {};
    this.write(
      JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...this.base, ...fields, ...extra }),
    );
  }
}

export function createLogger(
  level: keyof typeof ORDER = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  return new JsonLogger(level, base, write);
}
