import { env } from "../env";

/**
 * A small structured logger (one JSON line per event on stderr). It never prints request headers or
 * bodies, so tokens and passwords cannot reach the logs; errors are logged with their stack.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type TLevel = Exclude<keyof typeof LEVELS, "silent">;

function serialise(value: unknown): unknown {
  if (value instanceof Error) {
    const cause = (value as { cause?: unknown }).cause;
    return { name: value.name, message: value.message, stack: value.stack, cause: cause ? serialise(cause) : undefined };
  }
  return value;
}

function log(level: TLevel, msg: string, fields: Record<string, unknown> = {}) {
  let threshold: number = LEVELS.info;
  try {
    threshold = LEVELS[env().LOG_LEVEL];
  } catch {
    /* configuration errors are reported elsewhere */
  }
  if (LEVELS[level] < threshold) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  for (const [k, v] of Object.entries(fields)) entry[k] = serialise(v);
  process.stderr.write(`${JSON.stringify(entry)}\n`);
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => log("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => log("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => log("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => log("error", msg, fields),
};
