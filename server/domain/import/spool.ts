import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TPart } from "./partition";

/**
 * Temporary files of lines, by name (e.g. the valid lines of one kind, or the references they
 * hold), so that later passes read them kind by kind, in dependency order, without holding the
 * file in memory.
 */

const FLUSH_AT = 1 << 20;
/** What the files a split writes hold in memory together, at most (each at least SPLIT_MIN_FLUSH). */
const SPLIT_BUFFERS = 64 << 20;
const SPLIT_MIN_FLUSH = 64 << 10;

interface TFile {
  fd: number;
  buf: string[];
  size: number;
  count: number;
  flushAt: number;
}

/** The file holding partition `part` of `parts` of file `name` (Spool.split): the file itself when there is one part. */
export function partName(name: string, { part, parts }: TPart): string {
  return parts === 1 ? name : `${name}:${parts}:${part}`;
}

export class Spool {
  private readonly dir = mkdtempSync(path.join(tmpdir(), "vmon-import-"));
  private readonly files = new Map<string, TFile>();
  private readonly onExit = () => this.dispose();

  constructor() {
    process.once("exit", this.onExit);
  }

  /** Appends one line (without its newline); the file's buffer is written out at `flushAt` bytes. */
  append(name: string, text: string, flushAt = FLUSH_AT): void {
    let f = this.files.get(name);
    if (!f) {
      f = { fd: openSync(this.fileOf(name), "w"), buf: [], size: 0, count: 0, flushAt };
      this.files.set(name, f);
    }
    f.buf.push(text);
    f.size += text.length + 1;
    f.count += 1;
    if (f.size >= f.flushAt) this.flush(f);
  }

  private flush(f: TFile): void {
    if (f.buf.length) writeSync(f.fd, `${f.buf.join("\n")}\n`);
    f.buf = [];
    f.size = 0;
  }

  /** Flushes and closes every open file; call after the last append to them (files appended to afterwards need another call). */
  finish(): void {
    for (const f of this.files.values()) {
      if (f.fd < 0) continue;
      this.flush(f);
      closeSync(f.fd);
      f.fd = -1;
    }
  }

  /**
   * Splits file `name` into `parts` files, in one pass and in order: a line goes to the part that
   * `partOf` gives, or nowhere (undefined). With one part, nothing to do: the part is the file.
   */
  async split(name: string, parts: number, partOf: (line: string) => number | undefined): Promise<void> {
    if (parts === 1) return;
    const flushAt = Math.min(FLUSH_AT, Math.max(SPLIT_MIN_FLUSH, Math.floor(SPLIT_BUFFERS / parts)));
    for await (const batch of this.lines(name)) {
      for (const text of batch) {
        const part = partOf(text);
        if (part !== undefined) this.append(partName(name, { part, parts }), text, flushAt);
      }
    }
    this.finish();
  }

  count(name: string): number {
    return this.files.get(name)?.count ?? 0;
  }

  /**
   * The lines of a file, in batches. Each line is a string of its own: a slice of the chunk it was
   * read in would keep the whole chunk (a megabyte) alive for as long as any part of the line is
   * kept, e.g. a key held by a pass over one partition.
   */
  async *lines(name: string): AsyncGenerator<string[]> {
    if (!this.files.has(name)) return;
    const stream = createReadStream(this.fileOf(name), { highWaterMark: FLUSH_AT });
    try {
      let rest: Buffer | undefined;
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        const buf = rest ? Buffer.concat([rest, chunk]) : chunk;
        const lines: string[] = [];
        let start = 0;
        for (let nl = buf.indexOf(10); nl !== -1; nl = buf.indexOf(10, start)) {
          lines.push(buf.toString("utf8", start, nl));
          start = nl + 1;
        }
        rest = start < buf.length ? buf.subarray(start) : undefined;
        if (lines.length) yield lines;
      }
      if (rest) yield [rest.toString("utf8")];
    } finally {
      stream.destroy();
    }
  }

  dispose(): void {
    process.removeListener("exit", this.onExit);
    for (const f of this.files.values()) if (f.fd >= 0) closeSync(f.fd);
    this.files.clear();
    rmSync(this.dir, { recursive: true, force: true });
  }

  private fileOf(name: string): string {
    return path.join(this.dir, `${name.replace(/[^a-z0-9_]/gi, "_")}.txt`);
  }
}
