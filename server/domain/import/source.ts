import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { TImportSource } from "./types";

/** Import sources, and a line reader that never holds more than one chunk of the input. */

const CHUNK = 1 << 20;

export function fileSource(file: string): TImportSource {
  return { open: () => createReadStream(file, { encoding: "utf8", highWaterMark: CHUNK }) };
}

export type TDisposableSource = TImportSource & { dispose(): void };

/**
 * Standard input (or any stream read once), spooled to a temporary file on the first `open()` so
 * that it can be opened again; `dispose()` (or process exit) removes the file.
 */
export function stdinSource(input: NodeJS.ReadableStream = process.stdin): TDisposableSource {
  let dir: string | undefined;
  let spooled: Promise<string> | undefined;
  const dispose = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  const spool = () => {
    spooled ??= (async () => {
      dir = mkdtempSync(path.join(tmpdir(), "vmon-stdin-"));
      process.once("exit", dispose);
      const file = path.join(dir, "input.jsonl");
      await pipeline(input, createWriteStream(file));
      return file;
    })();
    return spooled;
  };
  return {
    open() {
      return (async function* () {
        const file = await spool();
        yield* createReadStream(file, { encoding: "utf8", highWaterMark: CHUNK }) as AsyncIterable<string>;
      })();
    },
    dispose,
  };
}

function isReadable(x: unknown): x is NodeJS.ReadableStream {
  return typeof (x as NodeJS.ReadableStream).pipe === "function";
}

/**
 * The lines of a stream of text chunks, in batches (one batch per chunk: an async step per line
 * would cost more than the line's own work). Lines keep no newline and no carriage return.
 */
async function* streamLineBatches(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<string[]> {
  let rest = "";
  for await (const chunk of chunks) {
    const text = rest + (typeof chunk === "string" ? chunk : chunk.toString("utf8"));
    const parts = text.split("\n");
    rest = parts.pop()!;
    if (parts.length) yield parts;
  }
  if (rest) yield [rest];
}

/**
 * Every physical line of the source, in batches. A readable stream is split on newlines; the
 * strings of an async iterable are lines (a string holding several lines is split too).
 */
export async function* readLineBatches(source: TImportSource): AsyncGenerator<string[]> {
  const opened = source.open();
  if (isReadable(opened)) {
    const stream = opened as NodeJS.ReadableStream & { setEncoding?: (e: string) => void; destroy?: () => void };
    stream.setEncoding?.("utf8");
    try {
      yield* streamLineBatches(stream as AsyncIterable<string>);
    } finally {
      stream.destroy?.();
    }
    return;
  }
  let batch: string[] = [];
  for await (const item of opened) {
    const body = item.endsWith("\n") ? item.slice(0, -1) : item;
    if (body.includes("\n")) batch.push(...body.split("\n"));
    else batch.push(body);
    if (batch.length >= 1000) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** Without a trailing carriage return. */
export function stripCr(line: string): string {
  return line.endsWith("\r") ? line.slice(0, -1) : line;
}
