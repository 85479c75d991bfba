import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import type { TImportSource } from "./types";

/** Import sources and a line reader that never holds more than one chunk of the input. */

export function fileSource(file: string): TImportSource {
  return { open: () => createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 }) };
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
        yield* readLinesOf(createReadStream(file, { encoding: "utf8", highWaterMark: 1 << 20 }));
      })();
    },
    dispose,
  };
}

function isReadable(x: unknown): x is NodeJS.ReadableStream {
  return typeof (x as NodeJS.ReadableStream).pipe === "function";
}

async function* readLinesOf(stream: NodeJS.ReadableStream): AsyncGenerator<string> {
  const rl = createInterface({ input: stream, crlfDelay: Infinity });
  try {
    for await (const line of rl) yield line;
  } finally {
    rl.close();
    (stream as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
  }
}

/** Every physical line of the source with its 1-based number (carriage returns removed). */
export async function* readLines(source: TImportSource): AsyncGenerator<{ no: number; text: string }> {
  const opened = source.open();
  let no = 0;
  if (isReadable(opened)) {
    for await (const line of readLinesOf(opened)) {
      no += 1;
      yield { no, text: line.endsWith("\r") ? line.slice(0, -1) : line };
    }
    return;
  }
  for await (const chunk of opened) {
    const body = chunk.endsWith("\n") ? chunk.slice(0, -1) : chunk;
    for (const part of body.includes("\n") ? body.split("\n") : [body]) {
      no += 1;
      yield { no, text: part.endsWith("\r") ? part.slice(0, -1) : part };
    }
  }
}
