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

export function createLogger(
  level: keyof typeof ORDER = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: LogLevel, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const extra =
      fields?.err instanceof Error ? { err: { message: fields.err.message, stack: fields.err.stack } } : {};
    write(JSON.stringify({ time: new Date().toISOString(), level: at, msg, ...base, ...fields, ...extra }));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
    enabled: (at) => ORDER[at] >= ORDER[level],
  };
}
