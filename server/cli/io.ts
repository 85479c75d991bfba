/** Output helpers shared by the commands: text or --json, progress on stderr, clear errors. */
export class UsageError extends Error {}

export interface TIo {
  json: boolean;
  /** The command's result: printed as JSON with --json, else as the given text. */
  result(value: unknown, text: string): void;
  info(text: string): void;
  progress(label: string, done: number, total?: number): void;
  endProgress(): void;
}

export function createIo(json: boolean): TIo {
  const tty = process.stderr.isTTY === true;
  let lastPrint = 0;
  let open = false;
  return {
    json,
    result(value, text) {
      process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : `${text}\n`);
    },
    info(text) {
      if (!json) process.stderr.write(`${text}\n`);
    },
    progress(label, done, total) {
      const now = Date.now();
      if (now - lastPrint < (tty ? 100 : 2000) && done !== total) return;
      lastPrint = now;
      const pct = total ? ` (${Math.floor((100 * done) / Math.max(total, 1))}%)` : "";
      const line = `${label}: ${done.toLocaleString("en-US")}${total ? ` / ${total.toLocaleString("en-US")}` : ""}${pct}`;
      if (tty) {
        process.stderr.write(`\r\x1b[2K${line}`);
        open = true;
      } else process.stderr.write(`${line}\n`);
    },
    endProgress() {
      if (open) process.stderr.write("\n");
      open = false;
    },
  };
}

export function requireString(value: unknown, flag: string): string {
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`${flag} is required`);
  return value.trim();
}

export function parseIntFlag(value: unknown, flag: string, min = 0): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !/^\d+$/.test(value) || Number(value) < min) {
    throw new UsageError(`${flag} must be a whole number${min > 0 ? ` of at least ${min}` : ""}`);
  }
  return Number(value);
}

export function parseListFlag(value: unknown): string[] | undefined {
  if (typeof value !== "string") return undefined;
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
